package org.loomlab.pinning;

import org.loomlab.axis.Axis;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.net.Socket;
import java.time.Duration;

/**
 * What a probing virtual thread does inside its critical section: each value blocks in a different
 * way, and the JDKs differ in which of them pin the carrier (JEP 491 unpinned monitors in JDK 24;
 * class initializers and native frames still pin).
 */
public enum Blocking implements Axis {
    /** Reads one byte that a loopback server sends {@link #BLOCK} later: parks on the socket. */
    SOCKET_READ("socket-read") {
        @Override
        Operation open(Stage stage) throws IOException {
            Socket socket = new Socket(stage.echo().getAddress(), stage.echo().getPort());
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            return new Operation() {
                @Override
                public void perform(Guard held) throws IOException {
                    out.write(1);
                    out.flush();
                    if (in.read() < 0) {
                        throw new IOException("the echo server closed the connection");
                    }
                }

                @Override
                public void close() throws IOException {
                    socket.close();
                }
            };
        }
    },
    /** Reads a 16 KB regular file: blocks the carrier in the kernel for the read, never parks. */
    FILE_READ("file-read") {
        @Override
        Operation open(Stage stage) {
            String name = stage.file().toString();
            return held -> {
                try (InputStream in = new FileInputStream(name)) {
                    in.readAllBytes();
                }
            };
        }
    },
    /** {@link Thread#sleep} for {@link #BLOCK}. */
    SLEEP("sleep") {
        @Override
        Operation open(Stage stage) {
            return held -> Thread.sleep(BLOCK);
        }
    },
    /** Waits {@link #BLOCK} on the guard: Object.wait in a monitor, Condition.await in a ReentrantLock. */
    WAIT("wait") {
        @Override
        Operation open(Stage stage) {
            return held -> held.await(BLOCK);
        }

        @Override
        public String unseenUnderMonitor(int jdkFeature) {
            // Before JEP 491 Object.wait held the carrier in the VM and the scheduler added a carrier for it: no park,
            // so no jdk.VirtualThreadPinned event, and no starvation for the throughput to show either.
            return jdkFeature < 24 ? "JDK " + jdkFeature + " holds the carrier in Object.wait without a park, so it "
                    + "emits no jdk.VirtualThreadPinned event, and its scheduler adds a carrier meanwhile" : null;
        }
    },
    /** Initializes a fresh class whose static initializer sleeps {@link #BLOCK}. */
    CLASS_INIT("class-init") {
        @Override
        Operation open(Stage stage) {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            return held -> lookup.defineHiddenClass(stage.slowInitializer(), true);
        }
    };

    /** How long each blocking operation blocks (the file read excepted: it takes what the kernel takes). */
    public static final Duration BLOCK = Duration.ofMillis(10);

    private final String label;

    Blocking(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** One thread's operation, with what it holds open (a connection), closed when the thread is done. */
    @FunctionalInterface
    interface Operation extends AutoCloseable {
        void perform(Guard held) throws Exception;

        @Override
        default void close() throws IOException {
        }
    }

    abstract Operation open(Stage stage) throws IOException;

    /**
     * Why JFR cannot see this operation pin a virtual thread inside a monitor on JDK {@code jdkFeature}, or null when
     * a pin would emit {@code jdk.VirtualThreadPinned}: zero events prove nothing where this says so.
     */
    public String unseenUnderMonitor(int jdkFeature) {
        return null;
    }

    public static Blocking of(String label) {
        return Axis.parse(Blocking.class, "blocking", label);
    }
}
