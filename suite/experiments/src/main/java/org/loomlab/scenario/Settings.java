package org.loomlab.scenario;

import java.time.Duration;

/**
 * How long and how often a scenario measures, from the lab's profile.
 *
 * @param samples    repetitions, each giving one sample per metric
 * @param duration   how long a load phase lasts, for scenarios that apply load
 * @param fixtureUrl base URL of the HTTP fixture, or null when none was started
 */
public record Settings(int samples, Duration duration, String fixtureUrl) {
}
