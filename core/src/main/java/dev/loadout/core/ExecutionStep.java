package dev.loadout.core;

/**
 * One of Loadout's own links in a call's chain: trusted, so the chain does not check it as it checks a host's
 * interceptor, and never reported as an interceptor's short-circuit when it answers a call itself.
 */
interface ExecutionStep extends ToolInterceptor {
  /** The chain this step runs in, with the call's {@link CallState}. */
  static ExecutionChain chain(Chain chain) {
    return (ExecutionChain) chain;
  }
}
