import java.lang.classfile.CodeTransform;
import java.lang.classfile.Opcode;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.StackInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.nio.file.Path;

/**
 * Swaps how a VirtualThread hands its continuation back to a ForkJoinPool scheduler after a park, the one
 * scheduling call that differs between JDK 25's and JDK 26's VirtualThread:
 * <ul>
 *   <li>{@code adapt} (for 25's class): {@code executor.execute(r)} becomes {@code executor.execute(ForkJoinTask.adapt(r))},
 *       so the pool queues a plain ForkJoinTask as 26 does, not the interruptible task its execute wraps a Runnable in;</li>
 *   <li>{@code execute} (for 26's class): {@code pool.submit(ForkJoinTask.adapt(r))} becomes {@code pool.execute(r)}, as 25 does.</li>
 * </ul>
 * Usage: java Resubmit.java adapt|execute IN.class OUT.class (JDK 24 or later, for java.lang.classfile; ClassPatch.java beside it).
 */
public class Resubmit {

    private static final ClassDesc EXECUTOR = ClassDesc.of("java.util.concurrent.Executor");
    private static final ClassDesc POOL = ClassDesc.of("java.util.concurrent.ForkJoinPool");
    private static final ClassDesc TASK = ClassDesc.of("java.util.concurrent.ForkJoinTask");
    private static final ClassDesc RUNNABLE = ClassDesc.of("java.lang.Runnable");

    public static void main(String[] args) throws Exception {
        if (args.length != 3 || !(args[0].equals("adapt") || args[0].equals("execute"))) {
            System.err.println("usage: java Resubmit.java adapt|execute IN.class OUT.class");
            System.exit(2);
        }
        int[] rewritten = {0};
        boolean adapt = args[0].equals("adapt");
        byte[] out = ClassPatch.rewrite(Path.of(args[1]), adapt ? "submitRunContinuation" : "submit",
                adapt ? adaptExecutes(rewritten) : executeSubmits(rewritten));
        if (rewritten[0] == 0) {
            System.err.println("no call to rewrite in " + args[1] + ": not the VirtualThread this was written for");
            System.exit(1);
        }
        ClassPatch.write(Path.of(args[2]), out);
        System.out.println(args[0] + ": rewrote " + rewritten[0] + " call(s) in " + args[1]);
    }

    /** Before each Executor.execute(Runnable), wrap the Runnable with ForkJoinTask.adapt. */
    private static CodeTransform adaptExecutes(int[] rewritten) {
        return (b, e) -> {
            if (e instanceof InvokeInstruction i && i.owner().asSymbol().equals(EXECUTOR) && i.name().equalsString("execute")) {
                b.invokestatic(TASK, "adapt", MethodTypeDesc.of(TASK, RUNNABLE));
                rewritten[0]++;
            }
            b.with(e);
        };
    }

    /** ForkJoinPool.submit(ForkJoinTask.adapt(r)) and the pop of its result become ForkJoinPool.execute(r). */
    private static CodeTransform executeSubmits(int[] rewritten) {
        boolean[] dropPop = {false};
        return (b, e) -> {
            if (e instanceof InvokeInstruction i && i.owner().asSymbol().equals(TASK) && i.name().equalsString("adapt")) {
                return;
            }
            if (e instanceof InvokeInstruction i && i.owner().asSymbol().equals(POOL) && i.name().equalsString("submit")) {
                b.invokevirtual(POOL, "execute", MethodTypeDesc.of(ConstantDescs.CD_void, RUNNABLE));
                rewritten[0]++;
                dropPop[0] = true;
                return;
            }
            if (dropPop[0] && e instanceof StackInstruction s && s.opcode() == Opcode.POP) {
                dropPop[0] = false;
                return;
            }
            b.with(e);
        };
    }
}
