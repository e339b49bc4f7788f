package dev.loadout.tools.persona;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.PollingChanges;
import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.TestDatabases;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A block written by one process reaches another through core's polling feed on one SQLite file: two feeds stand
 * for two processes. The test calls {@code poll()} itself (the scheduler it passes never runs anything).
 */
class PersonaBlockFeedTest {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
  @TempDir
  Path folder;
  final ScheduledExecutorService idle = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void stop() {
    idle.shutdownNow();
  }

  PollingChanges feed(DataSource ds) {
    return TestDatabases.handPolledFeed(ds, idle);
  }

  @Test
  void aWriteInOneProcessIsHeardInTheOtherOnItsNextPollAndAtOnceInItsOwn() {
    DataSource ds = TestDatabases.sqlite(folder);
    PollingChanges mine = feed(ds);
    PollingChanges theirs = feed(ds);
    List<StoreChange> heardHere = new CopyOnWriteArrayList<>();
    List<StoreChange> heardThere = new CopyOnWriteArrayList<>();
    mine.subscribe("persona_user_blocks", heardHere::add);
    theirs.subscribe("persona_user_blocks", heardThere::add);
    JdbcPersonaBlockStore store = JdbcPersonaBlockStore.create(ds, mine);
    store.upsert(new PersonaBlock(new PersonaBlock.Key("g1", "p1", "u1"), BlockType.BLOCK, "r", T0, T0.plusSeconds(60)));
    assertThat(heardHere).hasSize(1);
    assertThat(heardThere).as("not before its poll").isEmpty();
    TestDatabases.poll(theirs);
    assertThat(heardThere).extracting(StoreChange::scope).containsExactly("g1\u001ep1\u001eu1");
    TestDatabases.poll(theirs);
    assertThat(heardThere).as("each change once").hasSize(1);
    TestDatabases.poll(mine);
    assertThat(heardHere).as("its own change again from the table: harmless").hasSize(2);
  }


  @Test
  void aRemovalThatRemovedNothingAnnouncesNothing() {
    DataSource ds = TestDatabases.sqlite(folder);
    PollingChanges mine = feed(ds);
    PollingChanges theirs = feed(ds);
    List<StoreChange> heard = new CopyOnWriteArrayList<>();
    theirs.subscribe("persona_user_blocks", heard::add);
    JdbcPersonaBlockStore store = JdbcPersonaBlockStore.create(ds, mine);
    store.remove(new PersonaBlock.Key("g1", "p1", "nobody"), T0);
    TestDatabases.poll(theirs);
    assertThat(heard).as("a removal that removed nothing announces nothing").isEmpty();
    store.upsert(new PersonaBlock(new PersonaBlock.Key("g1", "p1", "u1"), BlockType.BLOCK, "r", T0, T0.plusSeconds(60)));
    TestDatabases.poll(theirs);
    assertThat(heard).as("the block").hasSize(1);
    store.remove(new PersonaBlock.Key("g1", "p1", "u1"), T0);
    TestDatabases.poll(theirs);
    assertThat(heard).as("and the removal that removed it").hasSize(2);
  }
}
