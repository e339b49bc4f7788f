package dev.loadout.core;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import tools.jackson.databind.node.ObjectNode;

/**
 * What Loadout's own steps learn about one call as it goes down the chain, read by the steps after them: one
 * object per call, shared by that call's chain links. Host interceptors never see it.
 */
final class CallState {
  /** The visible tool's position, set by {@link ResolveStep}; -1 before. */
  int toolIndex = -1;
  /** The arguments as an object, set by {@link ParseStep}. */
  ObjectNode arguments;
  /** The call as {@link ValidateStep} passed it on: what tool interceptors receive. */
  ToolCall validated;
  /** The call's result under its deadline, made by {@link DeadlineStep}: done means nothing more may start. */
  CompletableFuture<ToolResult> answered;
  /** The tool's run on the executor, set by {@link InvokeStep}, cancelled by the deadline. */
  volatile Future<?> running;
}
