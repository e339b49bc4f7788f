package dev.loadout.core.availability;

import dev.loadout.core.internal.text.Texts;
import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.AvailabilityFilter;
import dev.loadout.core.FamilyReplacements;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.lang.ref.WeakReference;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The filter of one {@link DeliberateToolMode}, and where a turn's {@link DeliberateIntent} is worked out.
 *
 * <p>The filter runs once per tool, but the intent depends only on the turn, so it is computed once per
 * {@link TurnContext} and kept in a few slots keyed by the context's identity. A context is immutable, so
 * a slot can never be stale; the reference to it is weak, so a slot never keeps a finished turn alive;
 * concurrent turns on other threads at worst evict each other's slot and compute again. No state is
 * shared beyond this filter, and the result is the same as computing it every time.
 *
 * <p>Deciding is then a set lookup per tool. The filter never looks at a tool's position, so it cannot
 * reorder anything: Loadout's ordering is all there is.
 */
final class DeliberateFilter implements AvailabilityFilter {
  private static final Logger LOG = LoggerFactory.getLogger(DeliberateToolMode.class);
  private static final int SLOTS = 8;

  private record Slot(WeakReference<TurnContext> context, DeliberateIntent intent) {}

  private final DeliberateToolMode mode;
  private final AtomicReferenceArray<Slot> slots = new AtomicReferenceArray<>(SLOTS);
  private final Set<String> warned = ConcurrentHashMap.newKeySet();

  DeliberateFilter(DeliberateToolMode mode) {
    this.mode = mode;
  }

  @Override
  public AvailabilityDecision evaluate(ToolSpec spec, TurnContext context) {
    DeliberateSettings settings = context.attribute(DeliberateToolMode.SETTINGS).orElse(null);
    if (settings == null || !settings.isActive()) {
      return AvailabilityDecision.available();
    }
    DeliberateIntent intent = intent(context);
    if (intent.admits(spec)) {
      return AvailabilityDecision.available();
    }
    return AvailabilityDecision.hidden(intent.hasIntent() ? DeliberateToolMode.NOT_REQUESTED : DeliberateToolMode.NO_INTENT,
        intent.reason());
  }

  @Override
  public String name() {
    return "deliberate_tool_mode";
  }

  @Override
  public String toString() {
    return name();
  }

  DeliberateIntent intent(TurnContext context) {
    int i = System.identityHashCode(context) & (SLOTS - 1);
    Slot s = slots.get(i);
    if (s != null && s.context().get() == context) {
      return s.intent();
    }
    DeliberateIntent intent = compute(context);
    slots.set(i, new Slot(new WeakReference<>(context), intent));
    return intent;
  }

  private DeliberateIntent compute(TurnContext context) {
    DeliberateSettings settings = context.attribute(DeliberateToolMode.SETTINGS).orElse(DeliberateSettings.OFF);
    if (!settings.isActive()) {
      return DeliberateIntent.inactive(settings.activation());
    }
    String text = text(context);
    Map<IntentFamily, String> matched = new HashMap<>();
    // Custom triggers first: when a family matches both ways, the reason names the host's trigger.
    mode.triggers().matchInto(text, matched);
    settings.triggers().matchInto(text, matched);
    if (!text.isEmpty()) {
      IntentPatterns.matchInto(text, matched);
      if (!matched.containsKey(IntentFamily.FOLLOW_UP) && IntentPatterns.anyFound(IntentPatterns.FOLLOW_UP, text)) {
        matched.put(IntentFamily.FOLLOW_UP, "built-in phrases");
      }
    }
    Set<String> followUps = Set.of();
    if (matched.containsKey(IntentFamily.FOLLOW_UP)) {
      int turns = settings.contextTurns().orElse(mode.contextTurns());
      followUps = context.attribute(DeliberateToolMode.RECENT_TOOLS).orElse(RecentTools.none()).namesWithin(turns);
      if (followUps.isEmpty()) {
        // "Do that again" with nothing done lately asks for nothing.
        matched.remove(IntentFamily.FOLLOW_UP);
      }
    }
    for (IntentFamily f : new IntentFamily[] {IntentFamily.SEARCH, IntentFamily.SELF_DIAGNOSIS}) {
      if (matched.containsKey(f)) {
        matched.putIfAbsent(IntentFamily.URL_READING, "implied by " + f.name());
      }
    }
    Set<String> names = new HashSet<>(followUps);
    Set<String> specFamilies = new HashSet<>();
    for (IntentFamily f : matched.keySet()) {
      names.addAll(mode.toolNames(f));
      specFamilies.addAll(mode.specFamilies(f));
      names.addAll(extra(f, context));
      // A guild source that replaces the family (a URL fetcher MCP server) is admitted with it.
      context.attribute(FamilyReplacements.KEY).ifPresent(r -> mode.specFamilies(f).forEach(sf -> names.addAll(r.names(sf))));
    }
    return new DeliberateIntent(true, settings.activation(), !text.isEmpty(), matched, names, specFamilies, followUps);
  }

  /** The message text, stripped and cut to {@link DeliberateToolMode#MAX_TEXT_CHARS} without splitting a pair. */
  static String text(TurnContext context) {
    String t = context.messageText().map(String::strip).orElse("");
    if (t.length() > DeliberateToolMode.MAX_TEXT_CHARS) {
      t = t.substring(0, Texts.cutPoint(t, DeliberateToolMode.MAX_TEXT_CHARS));
    }
    return t;
  }

  /** The host's extra names for a family; a failing supplier is logged once per exception type and ignored. */
  private Collection<String> extra(IntentFamily family, TurnContext context) {
    if (mode.extraToolNames() == null) {
      return Set.of();
    }
    try {
      Collection<String> names = mode.extraToolNames().apply(family, context);
      if (names == null) {
        return Set.of();
      }
      Set<String> out = new LinkedHashSet<>();
      for (String n : names) {
        if (n != null && !n.isBlank()) {
          out.add(n);
        }
      }
      return out;
    } catch (RuntimeException e) {
      if (warned.add(e.getClass().getName())) {
        LOG.warn("Deliberate tool mode: the extra tool names supplier failed for family [{}]; using the configured names only",
            family, e);
      }
      return Set.of();
    }
  }
}
