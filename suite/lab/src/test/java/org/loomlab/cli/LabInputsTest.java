package org.loomlab.cli;

import org.junit.jupiter.api.Test;
import org.loomlab.matrix.JdkDescriptor;
import org.loomlab.plan.Profile;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Ansible roles' inputs (ansible/roles/<role>/meta/argument_specs.yml) against the lab they drive: the
 * choices of a profile and of a JDK id are the lab's own, and whatever the example inventory sets is an input
 * some role reads. Guards against a new profile or JDK descriptor that the playbook would refuse, and against an
 * inventory variable that nothing reads (it once set lab_profile, while the roles read lab_matrix_profile).
 */
class LabInputsTest {

    private static final Path ANSIBLE = LabProcess.HOME.resolve("ansible");
    private static final ObjectMapper YAML = new YAMLMapper();

    private static JsonNode yaml(Path file) throws IOException {
        JsonNode node = YAML.readTree(file.toFile());
        // A YAML file of comments only (a role without defaults of its own) reads as nothing.
        return node == null ? YAML.createObjectNode() : node;
    }

    /** The options of every role's main entry point, by role name. */
    private static Map<String, JsonNode> optionsByRole() throws IOException {
        Map<String, JsonNode> byRole = new TreeMap<>();
        try (Stream<Path> roles = Files.list(ANSIBLE.resolve("roles"))) {
            for (Path role : roles.filter(Files::isDirectory).toList()) {
                Path specs = role.resolve("meta/argument_specs.yml");
                assertThat(specs).as("every role describes its inputs").isRegularFile();
                byRole.put(role.getFileName().toString(), yaml(specs).at("/argument_specs/main/options"));
            }
        }
        return byRole;
    }

    private static JsonNode option(String name) throws IOException {
        return optionsByRole().values().stream().filter(o -> o.has(name)).map(o -> o.get(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no role declares " + name));
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(n -> texts.add(n.asString()));
        return texts;
    }

    @Test
    void profileChoicesAreTheLabsProfilesInTheirOrder() throws IOException {
        JsonNode profile = option("lab_matrix_profile");
        assertThat(texts(profile.get("choices"))).containsExactlyElementsOf(Arrays.stream(Profile.values()).map(Profile::label).toList());
        assertThat(texts(profile.get("choices"))).contains(profile.get("default").asString());
    }

    @Test
    void jdkChoicesAreTheJdkDescriptors() throws IOException {
        JsonNode jdks = option("lab_jdks");
        List<String> descriptors = JdkDescriptor.all(LabProcess.HOME.resolve("jdks")).stream().map(JdkDescriptor::id).sorted().toList();
        assertThat(jdks.get("type").asString()).isEqualTo("list");
        assertThat(jdks.get("elements").asString()).isEqualTo("str");
        assertThat(texts(jdks.get("choices"))).containsExactlyElementsOf(descriptors);
        assertThat(descriptors).containsAll(texts(jdks.get("default")));
    }

    @Test
    void everyVariableTheExampleInventorySetsIsSomeRolesInput() throws IOException {
        TreeSet<String> declared = new TreeSet<>();
        optionsByRole().values().forEach(o -> o.propertyNames().forEach(declared::add));
        TreeSet<String> set = new TreeSet<>();
        yaml(ANSIBLE.resolve("inventory.example.yml")).forEach(group -> collectVariables(group, set));
        assertThat(set).as("the example inventory sets some of the lab's inputs").contains("lab_jdks", "lab_matrix_profile");
        // Connection variables (ansible_host, ansible_user, ...) are Ansible's own, not a role's.
        assertThat(set.stream().filter(v -> !v.startsWith("ansible_")).toList())
                .as("variables of inventory.example.yml that no role declares").isSubsetOf(declared);
    }

    /** The variables an inventory group sets: its vars, its hosts' and its children's. */
    private static void collectVariables(JsonNode group, TreeSet<String> into) {
        group.path("vars").propertyNames().forEach(into::add);
        group.path("hosts").forEach(host -> host.propertyNames().forEach(into::add));
        group.path("children").forEach(child -> collectVariables(child, into));
    }

    @Test
    void eachRoleDeclaresExactlyItsDefaultsWithTheSameValues() throws IOException {
        for (Map.Entry<String, JsonNode> role : optionsByRole().entrySet()) {
            JsonNode defaults = yaml(ANSIBLE.resolve("roles").resolve(role.getKey()).resolve("defaults/main.yml"));
            TreeSet<String> specified = new TreeSet<>();
            role.getValue().propertyNames().forEach(specified::add);
            TreeSet<String> defaulted = new TreeSet<>();
            defaults.propertyNames().forEach(defaulted::add);
            assertThat(defaulted).as("defaults of role %s", role.getKey()).isEqualTo(specified);
            for (String name : defaulted) {
                assertThat(role.getValue().get(name).get("default")).as("%s: argument spec default of %s", role.getKey(), name)
                        .isEqualTo(defaults.get(name));
                assertThat(name).as("role %s's variable", role.getKey()).matches("(" + role.getKey() + "|lab)_[a-z0-9_]+");
            }
        }
    }
}
