package dev.loadout.fuzz;

import dev.loadout.core.Dialect;
import dev.loadout.core.FixtureTools;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.net.UrlVerdict;
import dev.loadout.tools.web.HtmlToMarkdown;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.JsonNode;

/**
 * Runs each kind of hostile input against a {@link FuzzBot} and records in {@link Outcomes} what breaks the
 * contract. Deterministic for a seed, apart from thread timing.
 */
final class Campaign {
  /** How long past its deadline a stage may take to complete (executor hand-off, a loaded machine). */
  static final Duration SLACK = Duration.ofSeconds(10);
  private static final int BATCH = 256;
  private static final List<ToolSpec> SCHEMAS = FixtureTools.all();
  private static final int CONTEXT_VARIANTS = 12;

  private final FuzzBot bot;
  private final Outcomes out;
  private final PreparedTurn[] turns = new PreparedTurn[CONTEXT_VARIANTS];

  Campaign(FuzzBot bot, Outcomes out) {
    this.bot = bot;
    this.out = out;
    for (int v = 0; v < CONTEXT_VARIANTS; v++) {
      turns[v] = bot.loadout.prepare(FuzzBot.context(v, "please search and fetch and draw and block someone"));
      for (Dialect d : Dialect.values()) {
        if ((v + d.ordinal()) % 2 == 0) {
          turns[v].render(d);
        }
      }
    }
  }

  /** {@code n} tool calls with mutated names, ids and arguments, in batches run concurrently. */
  void calls(long seed, int n) {
    Random r = new Random(seed);
    List<Pending> batch = new ArrayList<>(BATCH);
    for (int i = 0; i < n; i++) {
      PreparedTurn turn = turns[r.nextInt(turns.length)];
      String name = Inputs.name(turn.visibleNames(), r);
      JsonNode schema = turn.variant(name).map(ToolSpec::parameters)
          .orElseGet(() -> SCHEMAS.get(r.nextInt(SCHEMAS.size())).parameters());
      Dialect dialect = r.nextInt(5) == 0 ? null : Dialect.values()[r.nextInt(Dialect.values().length)];
      batch.add(execute(turn, ToolCall.of(Inputs.id(r), name, Mutations.arguments(schema, r), dialect)));
      if (batch.size() == BATCH) {
        settle(batch);
      }
    }
    settle(batch);
  }

  /** {@code n} provider bodies in every dialect, some damaged; the calls read from them are executed too. */
  void bodies(long seed, int n) {
    Random r = new Random(seed);
    List<Pending> batch = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      PreparedTurn turn = turns[r.nextInt(turns.length)];
      Dialect dialect = Dialect.values()[r.nextInt(Dialect.values().length)];
      List<ToolCall> planned = new ArrayList<>();
      for (int k = 0; k < 1 + r.nextInt(4); k++) {
        String name = Inputs.name(turn.visibleNames(), r);
        JsonNode schema = turn.variant(name).map(ToolSpec::parameters).orElse(SCHEMAS.get(0).parameters());
        planned.add(ToolCall.of(Inputs.id(r), name, Mutations.arguments(schema, r)));
      }
      String body = Inputs.body(dialect, planned, r);
      out.bodies.increment();
      List<ToolCall> parsed;
      try {
        parsed = dialect.parseToolCalls(body);
      } catch (IllegalArgumentException documented) {
        continue; // not one JSON document: the documented refusal
      } catch (Throwable t) {
        out.breach("uncaught", "parseToolCalls(" + dialect + ") threw " + t + " on " + body);
        continue;
      }
      for (ToolCall c : parsed) {
        batch.add(execute(turn, c));
      }
      if (batch.size() >= BATCH) {
        settle(batch);
      }
    }
    settle(batch);
  }

  private record Pending(PreparedTurn turn, ToolCall call, CompletableFuture<ToolResult> stage, long deadlineNanos) {}

  private Pending execute(PreparedTurn turn, ToolCall call) {
    out.calls.increment();
    long deadline = System.nanoTime() + FuzzBot.DEADLINE.plus(SLACK).toNanos();
    try {
      return new Pending(turn, call, turn.execute(call).toCompletableFuture(), deadline);
    } catch (Throwable t) {
      out.breach("uncaught", "execute threw " + t + " for " + call.name() + " with " + call.arguments());
      return null;
    }
  }

  /** Waits for every stage of a batch, checks each result, and writes them back into history as a host would. */
  private void settle(List<Pending> batch) {
    List<ToolOutcome> outcomes = new ArrayList<>(batch.size());
    for (Pending p : batch) {
      if (p == null) {
        continue;
      }
      ToolResult result;
      try {
        result = p.stage.get(Math.max(0, p.deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        out.breach("late", p.call.name() + " not done within its deadline plus slack");
        continue;
      } catch (ExecutionException e) {
        out.breach("uncaught", "the stage of " + p.call.name() + " failed with " + e.getCause());
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      if (result == null) {
        out.breach("uncaught", "the stage of " + p.call.name() + " completed with null");
        continue;
      }
      if (result instanceof ToolResult.Failure) {
        String code = ((ToolResult.Failure) result).code();
        out.code(code);
        if (code.equals(ToolResult.TOOL_ERROR)) {
          out.toolError(p.call.name() + " with " + p.call.arguments());
        }
        if (code.equals(DocumentedCodes.OFFLINE)) {
          out.offline.increment();
        } else if (!DocumentedCodes.isDocumented(code)) {
          out.breach("undocumented_code", code + " from " + p.call.name());
        }
      } else {
        out.successes.increment();
      }
      outcomes.add(new ToolOutcome(p.call, result));
    }
    batch.clear();
    for (Dialect d : Dialect.values()) {
      try {
        d.historyMessages(outcomes);
      } catch (Throwable t) {
        out.breach("uncaught", "historyMessages(" + d + ") threw " + t);
      }
    }
  }

  /** {@code n} URLs through the guard: a verdict with a documented code, never an exception. */
  void urls(long seed, int n) {
    Random r = new Random(seed);
    for (int i = 0; i < n; i++) {
      String url = Inputs.url(r);
      out.urls.increment();
      try {
        UrlVerdict v = bot.guard.check(url);
        if (v == null || !URL_CODES.contains(v.code())) {
          out.breach("undocumented_code", "guard verdict " + (v == null ? null : v.code()) + " for " + url);
        }
      } catch (Throwable t) {
        out.breach("uncaught", "NetworkGuard.check threw " + t + " for " + url);
      }
    }
  }

  private static final java.util.Set<String> URL_CODES = java.util.Set.of(UrlVerdict.ALLOWED, UrlVerdict.INVALID_URL,
      UrlVerdict.UNSUPPORTED_SCHEME, UrlVerdict.CREDENTIALS_IN_URL, UrlVerdict.AMBIGUOUS_HOST, UrlVerdict.PRIVATE_NETWORK,
      UrlVerdict.METADATA_ENDPOINT, UrlVerdict.RESERVED_ADDRESS, UrlVerdict.UNRESOLVABLE_HOST);

  /** {@code n} pages through the converter, both settings: a page, never an exception. */
  void pages(long seed, int n) {
    Random r = new Random(seed);
    HtmlToMarkdown whole = HtmlToMarkdown.builder().extractMainContent(false).build();
    for (int i = 0; i < n; i++) {
      String html = Inputs.html(r);
      out.pages.increment();
      try {
        URI base = r.nextBoolean() ? URI.create("https://fuzz.test/a/") : null;
        if ((r.nextBoolean() ? HtmlToMarkdown.standard() : whole).convert(html, base) == null) {
          out.breach("uncaught", "convert returned null");
        }
      } catch (Throwable t) {
        out.breach("uncaught", "HtmlToMarkdown.convert threw " + t);
      }
    }
  }

  /** {@code n} random settings through every config reader: values or an explaining IllegalArgumentException. */
  void configs(long seed, int n) {
    Random r = new Random(seed);
    for (int i = 0; i < n; i++) {
      out.configs.increment();
      ConfigReaders.readOne(r, out);
    }
  }
}
