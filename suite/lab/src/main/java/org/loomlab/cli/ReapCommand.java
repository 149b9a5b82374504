package org.loomlab.cli;

import org.loomlab.fixturehost.ContainerOwner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

/** Removes the containers a killed lab left behind; {@code run} and {@code matrix} do the same as they start. */
@Command(name = "reap", header = "Remove containers left behind by lab processes that are gone (the fixture, matrix runners).")
final class ReapCommand implements Callable<Integer> {

    @Option(names = "--all", description = "remove every container the lab started, also those of live runs")
    boolean all;

    @Override
    public Integer call() {
        List<String> removed = ContainerOwner.reap(all);
        removed.forEach(r -> System.out.println("removed " + r));
        System.out.println(removed.size() + " container" + (removed.size() == 1 ? "" : "s") + " removed");
        return LoomLab.OK;
    }
}
