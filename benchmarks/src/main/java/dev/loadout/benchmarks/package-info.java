/**
 * JMH benchmarks of Loadout's per-turn paths, each next to its baselines in the same run. Never
 * published; see the module's README for the command line and the latest numbers.
 */
package dev.loadout.benchmarks;
