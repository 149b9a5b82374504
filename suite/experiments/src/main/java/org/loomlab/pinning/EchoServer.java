package org.loomlab.pinning;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A loopback server that answers each byte with one byte after {@link Blocking#BLOCK}: a socket read
 * that really blocks for a known time. Its threads are platform threads, so the server never
 * competes with the probe for carriers.
 */
final class EchoServer implements AutoCloseable {

    private final ServerSocket server;

    EchoServer() throws IOException {
        server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread.ofPlatform().daemon().name("echo-accept").start(this::accept);
    }

    InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort());
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                Thread.ofPlatform().daemon().name("echo-" + s.getPort()).start(() -> answer(s));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private static void answer(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            int b;
            while ((b = in.read()) >= 0) {
                Thread.sleep(Blocking.BLOCK);
                out.write(b);
                out.flush();
            }
        } catch (IOException | InterruptedException gone) {
            // The client closed its end: the probe phase is over.
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
