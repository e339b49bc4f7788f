package dev.loadout.testkit.flows;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.direct.AnswerModel;
import dev.loadout.direct.DirectCatalog;
import dev.loadout.direct.DirectFlow;
import dev.loadout.direct.DirectRouter;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.FlowReply;
import dev.loadout.direct.IncomingMessage;
import dev.loadout.direct.JdbcToolTaskStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * One bot process of {@link PendingRaceTest}: it opens the shared task table, says {@code ready}, waits for
 * {@code go} on standard input (a blocking read, so no side sleeps), then sends one message into each race session,
 * whose booking the test saved beforehand. Its search tool prints {@code ran <round>} each time it really runs.
 *
 * <p>Arguments: {@code sqlite <file>} or {@code pg <url> <schema>} (user and password from the environment), then
 * the side (0 or 1) and the number of rounds.
 */
public final class PendingRaceWorker {
  private PendingRaceWorker() {}

  public static void main(String[] args) throws Exception {
    int i = 0;
    DataSource ds = args[i++].equals("sqlite") ? sqlite(args[i++]) : postgres(args[i++], args[i++]);
    int side = Integer.parseInt(args[i++]);
    int rounds = Integer.parseInt(args[i]);
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    ToolRegistry registry = ToolRegistry.builder().register(BaseTool.of(ChatBot.WEB_SEARCH, (call, ctx) -> {
      out.println("ran " + call.argumentsJson().get("query").stringValue());
      return ToolResult.text("found it");
    })).build();
    Clock clock = Clock.fixed(ChatBot.T0.plusSeconds(1), ZoneOffset.UTC);
    try (Loadout loadout = Loadout.builder(registry).executor(Runnable::run).build()) {
      DirectRouter router = DirectRouter.of(DirectCatalog.empty(List.of("clear", "mcp-cancel")),
          JdbcToolTaskStore.create(ds), DirectSettings.defaults(), clock);
      DirectFlow flow = DirectFlow.builder(router, loadout)
          .answerModel(r -> CompletableFuture.completedFuture(AnswerModel.Reply.of("Found it.")))
          .build();
      out.println("ready");
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      for (int round = 0; round < rounds; round++) {
        TurnContext claimant = TurnContext.builder("openai", "gpt-test").userId("bob-" + side).clock(clock).build();
        FlowReply r = flow.onMessage(IncomingMessage.of(session(round), "w" + side + "-" + round, "next"), claimant)
            .toCompletableFuture().join();
        if (r.result().isPresent() && !r.posts().get(0).startsWith("Found it.")) {
          out.println("unexpected " + r.posts());
        }
      }
    }
    out.println("done");
  }

  static String session(int round) {
    return "race-" + round;
  }

  static DataSource sqlite(String file) {
    SQLiteConfig config = new SQLiteConfig();
    config.setBusyTimeout(30_000);
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    SQLiteDataSource ds = new SQLiteDataSource(config);
    ds.setUrl("jdbc:sqlite:" + file);
    return ds;
  }

  static PGSimpleDataSource postgres(String url, String schema) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(url);
    ds.setUser(System.getenv("LOADOUT_TEST_PG_USER"));
    ds.setPassword(System.getenv("LOADOUT_TEST_PG_PASSWORD"));
    if (schema != null) {
      ds.setCurrentSchema(schema);
    }
    return ds;
  }
}
