package org.loomlab.record;

/**
 * The most memory one JVM fork of a cell held: the talk's open question (seed 001, Q&amp;A), which implementations
 * are best for memory? Read by the fork itself at the end of each iteration, so its warm-up counts too.
 *
 * @param peakHeapBytes the heap's peak: the most it used just before a collection, or at the end of an iteration
 * @param peakRssBytes  the process's peak resident set ({@code VmHWM}), heap, stacks, code and all
 */
public record ForkMemory(long peakHeapBytes, long peakRssBytes) {
}
