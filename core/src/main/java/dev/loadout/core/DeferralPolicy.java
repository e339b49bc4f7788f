package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Decides, per turn, which of the tools a turn would show are deferred instead: offered to a tool search, but kept
 * out of the model's tool list until a search finds them (see {@link ToolSearch}).
 *
 * <p>The policy sees every tool that passed availability and assembly, in turn order, and names the ones to defer.
 * Core tools (no group) are always loaded: a policy that names one is ignored for it (and warned about once). A
 * policy must be a pure function of the candidates and the context, so the same turn defers the same tools and the
 * provider's cached prefix holds; one that throws defers nothing on that turn and is logged once.
 *
 * <pre>{@code
 * DeferralPolicy policy = DeferralPolicy.builder()
 *     .groups("moderation")                 // always deferred
 *     .externalOverTokens(4_000)            // MCP tools deferred once the turn's tools would pass ~4,000 tokens
 *     .build();
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface DeferralPolicy {
  /** Defers nothing. */
  DeferralPolicy NONE = (tools, context) -> Map.of();

  /**
   * The tools to defer on this turn, each with its reason.
   *
   * @param tools the turn's available tools in turn order (built-ins, then external tools); never null
   * @param context the turn
   * @return tool name → reason; never null, possibly empty; names not among the candidates are ignored
   */
  Map<String, HiddenTool.Reason> defer(List<Candidate> tools, TurnContext context);

  /**
   * One tool a turn would show.
   *
   * @param variant the variant the model would see
   * @param source the external source's label, empty for a built-in
   * @param estimatedTokens an estimate of what the tool costs in every request (its OpenAI Chat definition's UTF-8
   *     bytes divided by four, rounded up): a budget's yardstick, not what a provider bills
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Candidate(ToolSpec variant, Optional<String> source, int estimatedTokens) {
    /** Whether the tool comes from an external source (an MCP server, say). */
    public boolean isExternal() {
      return source.isPresent();
    }
  }

  /** Starts a policy from static rules and an optional token budget. */
  static Builder builder() {
    return new Builder();
  }

  /**
   * Builds the common policy: named tools, groups and sources always deferred, every external tool deferred, or
   * external tools deferred only when the turn's tools would exceed a token budget. Rules are checked in the order
   * tool, group, source, all external, budget; the first that applies is the reason.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  final class Builder {
    private final Set<String> tools = new LinkedHashSet<>();
    private final Set<String> groups = new LinkedHashSet<>();
    private final Set<String> sources = new LinkedHashSet<>();
    private boolean allExternal;
    private int budget = -1;

    private Builder() {}

    /** Always defers these tools (by name). */
    public Builder tools(String... names) {
      add(tools, "tool", names, false);
      return this;
    }

    /** Always defers the tools of these groups (names ignore case and surrounding spaces). */
    public Builder groups(String... names) {
      add(groups, "group", names, true);
      return this;
    }

    /** Always defers the tools of these external sources, by label (an MCP registration's name, say). */
    public Builder sources(String... labels) {
      add(sources, "source", labels, false);
      return this;
    }

    /** Always defers every external tool. */
    public Builder allExternal() {
      this.allExternal = true;
      return this;
    }

    /**
     * Defers every external tool when the turn's tools, all loaded, would cost more than this many estimated tokens
     * ({@link Candidate#estimatedTokens()}); below the budget they stay loaded. All or none, so one more MCP tool
     * never moves the boundary through the list.
     *
     * @param tokens at least 1
     */
    public Builder externalOverTokens(int tokens) {
      if (tokens < 1) {
        throw new IllegalArgumentException("externalOverTokens must be at least 1, but was " + tokens);
      }
      this.budget = tokens;
      return this;
    }

    /** Builds the policy. */
    public DeferralPolicy build() {
      Set<String> t = Set.copyOf(tools);
      Set<String> g = Set.copyOf(groups);
      Set<String> s = Set.copyOf(sources);
      boolean external = allExternal;
      int limit = budget;
      // The reasons of the static rules are the same on every turn: built once, so a turn with hundreds of deferred
      // tools allocates no sentence per tool.
      Map<String, HiddenTool.Reason> byGroup = new HashMap<>();
      g.forEach(n -> byGroup.put(n, new HiddenTool.Reason("deferred_group", "group [" + n + "] is deferred",
          "DeferralPolicy")));
      Map<String, HiddenTool.Reason> bySource = new HashMap<>();
      s.forEach(n -> bySource.put(n, new HiddenTool.Reason("deferred_source", "source [" + n + "] is deferred",
          "DeferralPolicy")));
      HiddenTool.Reason allOut = new HiddenTool.Reason("deferred_external", "external tools are deferred",
          "DeferralPolicy");
      // Only the candidates decide, so the same list (Loadout passes the same one while a turn's tools are unchanged)
      // gets the same answer without deciding again. A few lists are kept, as Loadout keeps a few splits: a bot serving
      // several guilds alternates between their lists, and deciding again (and comparing the new answer with the
      // split's) cost each turn more than the rest of prepare on a 300-tool guild.
      java.util.concurrent.atomic.AtomicReference<Object[][]> recent =
          new java.util.concurrent.atomic.AtomicReference<>(new Object[0][]);
      return (candidates, context) -> {
        Object[][] memo = recent.get();
        for (Object[] m : memo) {
          if (m[0] == candidates) {
            @SuppressWarnings("unchecked")
            Map<String, HiddenTool.Reason> answer = (Map<String, HiddenTool.Reason>) m[1];
            return answer;
          }
        }
        int total = 0;
        for (Candidate c : candidates) {
          total += c.estimatedTokens();
        }
        boolean over = limit > 0 && total > limit;
        HiddenTool.Reason overBudget = !over ? null : new HiddenTool.Reason("over_token_budget", "the turn's tools "
            + "would cost about " + total + " tokens, over the budget of " + limit + ", so external tools are deferred",
            "DeferralPolicy");
        Map<String, HiddenTool.Reason> out = new HashMap<>();
        for (Candidate c : candidates) {
          ToolSpec v = c.variant();
          HiddenTool.Reason r = null;
          if (t.contains(v.name())) {
            r = new HiddenTool.Reason("deferred_tool", "[" + v.name() + "] is deferred by name", "DeferralPolicy");
          } else if (v.group().isPresent() && byGroup.containsKey(v.group().get())) {
            r = byGroup.get(v.group().get());
          } else if (c.source().isPresent() && bySource.containsKey(c.source().get())) {
            r = bySource.get(c.source().get());
          } else if (c.isExternal() && external) {
            r = allOut;
          } else if (c.isExternal() && over) {
            r = overBudget;
          }
          if (r != null) {
            out.put(v.name(), r);
          }
        }
        Map<String, HiddenTool.Reason> answer = java.util.Collections.unmodifiableMap(out);
        Object[][] next = new Object[Math.min(Deferral.RECENT_SPLITS, memo.length + 1)][];
        next[0] = new Object[] {candidates, answer};
        System.arraycopy(memo, 0, next, 1, next.length - 1);
        recent.set(next); // racing turns may drop one, which costs a decision, never a wrong answer
        return answer;
      };
    }

    private static void add(Set<String> into, String what, String[] names, boolean lowerCase) {
      if (names == null) {
        throw new IllegalArgumentException(what + " names must not be null");
      }
      List<String> clean = new ArrayList<>(names.length);
      for (String n : names) {
        if (n == null || n.isBlank()) {
          throw new IllegalArgumentException(what + " names must not be blank, but were " + java.util.Arrays.toString(names));
        }
        clean.add(lowerCase ? n.strip().toLowerCase(Locale.ROOT) : n.strip());
      }
      into.addAll(clean);
    }
  }
}
