package org.loomlab.layout;

/**
 * The rule for the ids a user gives (run, matrix and host ids): they name directories and files under results/,
 * so they hold only characters that are safe in a path on every host and in a container.
 */
public final class Ids {

    private Ids() {
    }

    /** Throws when {@code value} is given and holds anything but letters, digits, '.', '_' and '-'. */
    public static void check(String what, String value) {
        if (value != null && !value.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException(what + " '" + value + "' may hold only letters, digits, '.', '_' and '-'");
        }
    }
}
