package dev.loadout.testkit.stores;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.tools.persona.BlockType;
import dev.loadout.tools.persona.PersonaBlock;
import dev.loadout.tools.persona.PersonaBlockStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apiguardian.api.API;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link PersonaBlockStore} must do; run against each implementation by a subclass that makes a
 * fresh, empty store.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class PersonaBlockStoreContract {
  protected static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
  protected static final PersonaBlock.Key ALICE = new PersonaBlock.Key("g1", "p1", "100");
  protected static final PersonaBlock.Key BOB = new PersonaBlock.Key("g1", "p1", "200");

  /** The store under test, new for each test. */
  protected PersonaBlockStore store;

  /** A new, empty store. */
  protected abstract PersonaBlockStore newStore() throws Exception;

  /** Makes the store for the next test. */
  @BeforeEach
  public void createStore() throws Exception {
    store = newStore();
  }

  protected static PersonaBlock block(PersonaBlock.Key key, BlockType type, Instant from, Duration length) {
    return new PersonaBlock(key, type, "spam", from, from.plus(length));
  }

  @Test
  public void savedBlockIsFoundWhileActiveWithEveryField() {
    PersonaBlock b = new PersonaBlock(ALICE, BlockType.MUTE, "kept pinging, über-rude 🙃", T0, T0.plus(Duration.ofHours(3)));
    store.upsert(b);
    assertThat(store.find(ALICE, T0)).contains(b);
    assertThat(store.find(ALICE, T0.plus(Duration.ofHours(3)).minusMillis(1))).contains(b);
  }

  @Test
  public void expiredBlockIsIgnoredFromItsExpiryInstantOn() {
    store.upsert(block(ALICE, BlockType.BLOCK, T0, Duration.ofHours(1)));
    assertThat(store.find(ALICE, T0.plus(Duration.ofHours(1)))).isEmpty();
    assertThat(store.active("g1", "p1", T0.plus(Duration.ofHours(2)))).isEmpty();
  }

  @Test
  public void upsertReplacesTheBlockOfTheSameGuildPersonaAndUser() {
    store.upsert(block(ALICE, BlockType.MUTE, T0, Duration.ofHours(1)));
    PersonaBlock longer = block(ALICE, BlockType.BLOCK, T0.plusSeconds(60), Duration.ofHours(5));
    store.upsert(longer);
    assertThat(store.find(ALICE, T0.plus(Duration.ofHours(2)))).contains(longer);
    assertThat(store.active("g1", "p1", T0.plusSeconds(60))).containsExactly(longer);
  }

  @Test
  public void upsertRevivesAnExpiredRow() {
    store.upsert(block(ALICE, BlockType.MUTE, T0, Duration.ofHours(1)));
    PersonaBlock again = block(ALICE, BlockType.BLOCK, T0.plus(Duration.ofHours(4)), Duration.ofHours(1));
    store.upsert(again);
    assertThat(store.find(ALICE, T0.plus(Duration.ofHours(4)))).contains(again);
  }

  @Test
  public void blocksAreScopedToGuildAndPersona() {
    store.upsert(block(ALICE, BlockType.BLOCK, T0, Duration.ofHours(1)));
    assertThat(store.find(new PersonaBlock.Key("g1", "p2", "100"), T0)).isEmpty();
    assertThat(store.find(new PersonaBlock.Key("g2", "p1", "100"), T0)).isEmpty();
    assertThat(store.active("g1", "p2", T0)).isEmpty();
  }

  @Test
  public void activeListsOnlyActiveBlocksOfThePersonaOrderedByUser() {
    PersonaBlock bob = block(BOB, BlockType.MUTE, T0, Duration.ofHours(2));
    PersonaBlock alice = block(ALICE, BlockType.BLOCK, T0, Duration.ofHours(2));
    store.upsert(bob);
    store.upsert(alice);
    store.upsert(block(new PersonaBlock.Key("g1", "p1", "300"), BlockType.BLOCK, T0, Duration.ofMinutes(30)));
    store.upsert(block(new PersonaBlock.Key("g1", "p9", "400"), BlockType.BLOCK, T0, Duration.ofHours(2)));
    assertThat(store.active("g1", "p1", T0.plus(Duration.ofHours(1)))).containsExactly(alice, bob);
  }

  @Test
  public void removeReturnsTheActiveBlockAndDeletesIt() {
    PersonaBlock b = block(ALICE, BlockType.BLOCK, T0, Duration.ofHours(1));
    store.upsert(b);
    assertThat(store.remove(ALICE, T0)).contains(b);
    assertThat(store.find(ALICE, T0)).isEmpty();
    assertThat(store.remove(ALICE, T0)).isEmpty();
  }

  @Test
  public void removingAnExpiredBlockReportsNothingButDeletesTheRow() {
    store.upsert(block(ALICE, BlockType.BLOCK, T0, Duration.ofHours(1)));
    assertThat(store.remove(ALICE, T0.plus(Duration.ofHours(2)))).isEmpty();
    assertThat(store.pruneExpired(T0.plus(Duration.ofDays(9)))).isZero();
  }

  @Test
  public void pruneDeletesExactlyTheExpiredRows() {
    store.upsert(block(ALICE, BlockType.BLOCK, T0, Duration.ofHours(1)));
    store.upsert(block(BOB, BlockType.MUTE, T0, Duration.ofHours(3)));
    store.upsert(block(new PersonaBlock.Key("g2", "p1", "100"), BlockType.MUTE, T0, Duration.ofHours(1)));
    Instant later = T0.plus(Duration.ofHours(2));
    assertThat(store.pruneExpired(later)).isEqualTo(2);
    assertThat(store.pruneExpired(later)).isZero();
    assertThat(store.active("g1", "p1", later)).extracting(PersonaBlock::key).containsExactly(BOB);
  }

  @Test
  public void instantsRoundTripAtMillisecondPrecision() {
    Instant odd = Instant.parse("2026-03-01T12:00:00.123456789Z");
    store.upsert(new PersonaBlock(ALICE, BlockType.MUTE, "r", odd, odd.plus(Duration.ofMinutes(90))));
    PersonaBlock read = store.find(ALICE, odd).orElseThrow();
    assertThat(read.createdAt()).isEqualTo(Instant.parse("2026-03-01T12:00:00.123Z"));
    assertThat(read.expiresAt()).isEqualTo(Instant.parse("2026-03-01T13:30:00.123Z"));
  }

  @Test
  public void manyKeysStayIndependent() {
    for (int i = 0; i < 50; i++) {
      store.upsert(block(new PersonaBlock.Key("g", "p", String.format("%03d", i)), i % 2 == 0 ? BlockType.MUTE : BlockType.BLOCK,
          T0, Duration.ofHours(1 + i % 3)));
    }
    List<PersonaBlock> active = store.active("g", "p", T0.plus(Duration.ofMinutes(90)));
    assertThat(active).hasSize(33);
    assertThat(active).extracting(b -> b.key().userId()).isSorted();
  }
}
