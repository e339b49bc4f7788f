package dev.loadout.mcp;

import dev.loadout.tools.persona.JdbcPersonaBlockStore;
import dev.loadout.direct.JdbcDirectConfigStore;
import dev.loadout.direct.JdbcToolTaskStore;
import dev.loadout.testkit.process.Step;
import dev.loadout.testkit.process.Worker;
import dev.loadout.testkit.process.WorkerContext;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * A bot process's start-up in {@link MigrationsAcrossProcessesTest}: step {@code open <spec> <order>} creates
 * every JDBC store on the shared database in the given order (a comma-separated list of {@code tasks},
 * {@code blocks}, {@code direct}, {@code mcp}) and returns the stores it opened.
 */
public final class StoresWorker implements Worker {
  @Override
  public Object run(Step step, WorkerContext context) {
    if (!step.name().equals("open")) {
      throw new IllegalArgumentException("unknown step " + step);
    }
    DataSource ds = SharedDb.open(step.arg(0));
    List<String> opened = new ArrayList<>();
    for (String store : step.arg(1).split(",")) {
      switch (store) {
        case "tasks" -> JdbcToolTaskStore.create(ds);
        case "blocks" -> JdbcPersonaBlockStore.create(ds);
        case "direct" -> JdbcDirectConfigStore.create(ds);
        case "mcp" -> JdbcMcpRegistrationStore.create(ds, Keys.cipher());
        default -> throw new IllegalArgumentException("unknown store " + store);
      }
      opened.add(store);
    }
    return opened;
  }
}
