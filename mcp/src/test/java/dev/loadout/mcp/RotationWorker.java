package dev.loadout.mcp;

import dev.loadout.testkit.process.Step;
import dev.loadout.testkit.process.Worker;
import dev.loadout.testkit.process.WorkerContext;
import java.util.List;

/**
 * A process of {@link RotationAcrossProcessesTest}, with the rotated cipher (new key current, old key for reading).
 * {@code rotate <batch>} re-encrypts; {@code verify <guilds> <per guild>} reads every guild's registrations, as
 * each turn does, over and over until {@code stop}, and returns how many reads it made and how many registrations
 * came back with a missing, unreadable or wrong token.
 */
public final class RotationWorker implements Worker {
  private volatile JdbcMcpRegistrationStore store;
  private volatile boolean stopped;

  @Override
  public Object run(Step step, WorkerContext context) {
    switch (step.name()) {
      case "open":
        store = JdbcMcpRegistrationStore.create(SharedDb.open(step.arg(0)), Keys.rotated());
        return null;
      case "rotate":
        JdbcMcpRegistrationStore.Reencryption r = store.reencryptTokens(step.intArg(0));
        return List.of(r.rewritten(), r.unreadable(), r.batches());
      case "verify":
        long reads = 0;
        long wrong = 0;
        String first = "";
        do {
          for (int g = 0; g < step.intArg(0); g++) {
            List<McpRegistration> rows = store.list("g" + g);
            reads++;
            if (rows.size() != step.intArg(1)) {
              wrong++;
            }
            for (McpRegistration row : rows) {
              String expected = "tok-" + row.guildId() + "-" + row.name();
              if (row.tokenUnreadable() || !row.token().orElse("").equals(expected)) {
                wrong++;
                first = first.isEmpty() ? row.toString() : first;
              }
            }
          }
        } while (!stopped);
        return List.of(reads, wrong, first);
      case "stop":
        stopped = true;
        return null;
      default:
        throw new IllegalArgumentException("unknown step " + step);
    }
  }
}
