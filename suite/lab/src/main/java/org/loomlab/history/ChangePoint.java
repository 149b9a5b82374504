package org.loomlab.history;

/**
 * Where a cell's level changed: between two of the history's runs (indices), by how much, and what it is put down to.
 *
 * @param lastBefore the last run before the change that measured the cell
 * @param firstAfter the first run after it that did
 */
public record ChangePoint(int lastBefore, int firstAfter, ChangeRule.Shift shift, Attribution attribution) {
}
