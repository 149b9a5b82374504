import java.lang.classfile.CodeTransform;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.constant.ClassDesc;
import java.nio.file.Path;
import java.util.List;

/**
 * Fixes what ForkJoinPool reads as a task's noUserHelp bit at one of the two places it reads it, to take apart why
 * JDK 25's interruptible continuation tasks (bit 1) keep the coroutine table with one eater per carrier and 26's
 * adapted ones (bit 0) do not (results/README.md). The bit's only other reader, ForkJoinTask's external join, never runs for
 * a virtual thread's continuation.
 * <ul>
 *   <li>{@code push}: {@code WorkQueue.push}, which signals an idle worker when the slot below the new task is empty
 *       (bit 0) or the one below that (bit 1);</li>
 *   <li>{@code scan}: {@code ForkJoinPool.runWorker}, which, having taken a task while more wait behind it, signals
 *       another worker when it changed queues or the task's bit is 1.</li>
 * </ul>
 * Usage: java NoUserHelp.java push|scan 0|1 IN.class OUT.class (IN: ForkJoinPool$WorkQueue.class for push,
 * ForkJoinPool.class for scan; JDK 24 or later, for java.lang.classfile; ClassPatch.java beside it).
 */
public class NoUserHelp {

    private static final ClassDesc TASK = ClassDesc.of("java.util.concurrent.ForkJoinTask");

    public static void main(String[] args) throws Exception {
        if (args.length != 4 || !List.of("push", "scan").contains(args[0]) || !List.of("0", "1").contains(args[1])) {
            System.err.println("usage: java NoUserHelp.java push|scan 0|1 IN.class OUT.class");
            System.exit(2);
        }
        String method = args[0].equals("push") ? "push" : "runWorker";
        int bit = Integer.parseInt(args[1]);
        int[] rewritten = {0};
        byte[] out = ClassPatch.rewrite(Path.of(args[2]), method, fixedBit(bit, rewritten));
        if (rewritten[0] != 1) {
            System.err.println(rewritten[0] + " reads of noUserHelp() in " + method + " of " + args[2]
                    + ", expected 1: not the ForkJoinPool this was written for");
            System.exit(1);
        }
        ClassPatch.write(Path.of(args[3]), out);
        System.out.println(args[0] + ": noUserHelp() reads as " + bit + " in " + method + " of " + args[2]);
    }

    /** task.noUserHelp() becomes the constant: the task reference is dropped, the bit pushed in its place. */
    private static CodeTransform fixedBit(int bit, int[] rewritten) {
        return (b, e) -> {
            if (e instanceof InvokeInstruction i && i.owner().asSymbol().equals(TASK) && i.name().equalsString("noUserHelp")) {
                b.pop();
                b.loadConstant(bit);
                rewritten[0]++;
                return;
            }
            b.with(e);
        };
    }
}
