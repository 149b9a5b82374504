package org.loomlab.verticles;

import io.vertx.core.ThreadingModel;
import org.loomlab.axis.Axis;

/**
 * What runs each philosopher verticle: a vert.x event loop, or a virtual thread (vert.x 5's
 * {@link ThreadingModel#VIRTUAL_THREAD}). The same axis word as the classic table, {@code threads}.
 *
 * <p>Pitfall: an event-loop verticle that eats a blocking meal (sleep, file read, a busy spin) blocks
 * its event loop and every verticle sharing it. vert.x forbids this; the talk did it on purpose to
 * compare like with like, and so does the lab, and the cells say so in their message.
 */
public enum VerticleThreads implements Axis {
    EVENT_LOOP("event-loop", ThreadingModel.EVENT_LOOP),
    VIRTUAL_VERTICLE("virtual-verticle", ThreadingModel.VIRTUAL_THREAD);

    private final String label;
    final ThreadingModel model;

    VerticleThreads(String label, ThreadingModel model) {
        this.label = label;
        this.model = model;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public boolean runsVirtualThreads() {
        return model == ThreadingModel.VIRTUAL_THREAD;
    }

    public static VerticleThreads of(String label) {
        return Axis.parse(VerticleThreads.class, "threads", label);
    }
}
