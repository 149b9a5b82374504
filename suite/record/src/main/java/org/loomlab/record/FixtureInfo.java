package org.loomlab.record;

/**
 * Which HTTP fixture served the network cells of a run.
 *
 * @param kind {@code container}, {@code local-jvm} or {@code external}
 */
public record FixtureInfo(String kind, String url, String image) {
}
