package dev.loadout.tools.persona;

import dev.loadout.testkit.stores.PersonaBlockStoreContract;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.Interleaving;
import dev.loadout.core.store.TestDatabases;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The contract on PostgreSQL, in a schema of its own per test; see {@link TestDatabases#postgres()}. */
class PostgresPersonaBlockStoreTest extends PersonaBlockStoreContract {
  TestDatabases.PostgresSchema schema;

  @Override
  protected PersonaBlockStore newStore() {
    schema = TestDatabases.postgres();
    return JdbcPersonaBlockStore.create(schema.dataSource());
  }

  @AfterEach
  void dropSchema() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }

  @Test
  void twoProcessesShareBlocksThroughOneDatabase() {
    PersonaBlockStore other = JdbcPersonaBlockStore.create(schema.dataSource());
    PersonaBlock b = block(ALICE, BlockType.MUTE, T0, Duration.ofHours(1));
    store.upsert(b);
    assertThat(other.find(ALICE, T0)).contains(b);
    assertThat(other.remove(ALICE, T0)).contains(b);
    assertThat(store.find(ALICE, T0)).isEmpty();
  }

  /** Two moderators unblock the same user at once, in two processes: one of them removed the block, not both. */
  @Test
  void ofTwoRacingRemovalsOfOneBlockExactlyOneRemovesIt() throws Exception {
    store.upsert(block(ALICE, BlockType.BLOCK, T0, Duration.ofHours(1)));
    Interleaving between = Interleaving.on(schema.dataSource());
    PersonaBlockStore racing = JdbcPersonaBlockStore.create(between.dataSource());
    AtomicReference<Optional<PersonaBlock>> other = new AtomicReference<>();
    between.after(sql -> sql.contains(JdbcPersonaBlockStore.TABLE), () -> other.set(store.remove(ALICE, T0)));

    Optional<PersonaBlock> mine = racing.remove(ALICE, T0);
    between.awaitCompetitor();

    assertThat(Stream.of(mine, other.get()).filter(Optional::isPresent)).as("removals that report the block")
        .hasSize(1);
  }

  /**
   * An unblock races a new mute of the same user from another process. Serially, either the unblock removes the
   * block and the mute stays, or the mute replaces the block and the unblock removes (and reports) the mute; never
   * may the unblock report the block while the mute silently disappears.
   */
  @Test
  void aRemovalReportsTheBlockItDeletedWhenAnotherProcessReplacesItMeanwhile() throws Exception {
    PersonaBlock blocked = block(ALICE, BlockType.BLOCK, T0, Duration.ofHours(1));
    PersonaBlock muted = block(ALICE, BlockType.MUTE, T0.plusSeconds(1), Duration.ofHours(2));
    store.upsert(blocked);
    Interleaving between = Interleaving.on(schema.dataSource());
    PersonaBlockStore racing = JdbcPersonaBlockStore.create(between.dataSource());
    between.after(sql -> sql.contains(JdbcPersonaBlockStore.TABLE), () -> store.upsert(muted));

    Optional<PersonaBlock> removed = racing.remove(ALICE, T0.plusSeconds(2));
    between.awaitCompetitor();

    Optional<PersonaBlock> left = store.find(ALICE, T0.plusSeconds(2));
    assertThat(removed).as("removed, with %s left", left).isPresent();
    assertThat(left).as("left after removing %s", removed).isEqualTo(removed.get().equals(blocked)
        ? Optional.of(muted) : Optional.empty());
  }
}
