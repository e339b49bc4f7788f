package dev.loadout.tools.persona;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PersonaBlocksTest {
  final BlockingFixtures f = new BlockingFixtures();
  final PersonaBlock.Key alice = new PersonaBlock.Key("g1", "p1", "100");

  PersonaBlock forHours(int hours) {
    return new PersonaBlock(alice, BlockType.MUTE, "r", f.clock.instant(), f.clock.instant().plus(Duration.ofHours(hours)));
  }

  @Test
  void aCachedBlockStopsApplyingAtItsExpiry() {
    f.blocks.save(forHours(1));
    assertThat(f.blocks.mayTrigger("g1", "p1", "100")).isFalse();
    f.clock.advance(Duration.ofMinutes(59));
    assertThat(f.blocks.mayTrigger("g1", "p1", "100")).isFalse();
    f.clock.advance(Duration.ofMinutes(1));
    assertThat(f.blocks.mayTrigger("g1", "p1", "100")).isTrue();
  }

  @Test
  void aChangeMadeElsewhereShowsOnceTheTtlPassesWhenTheStoreAnnouncesNothing() {
    PersonaBlockStore silent = new Silent(f.store);
    PersonaBlocks blocks = PersonaBlocks.builder(silent).clock(f.clock).build();
    assertThat(blocks.mayTrigger("g1", "p1", "100")).isTrue();
    silent.upsert(forHours(5));
    assertThat(blocks.mayTrigger("g1", "p1", "100")).as("cached 'not blocked'").isTrue();
    f.clock.advance(PersonaBlocks.DEFAULT_CACHE_TTL);
    assertThat(blocks.mayTrigger("g1", "p1", "100")).isFalse();
  }

  @Test
  void aChangeWrittenStraightToTheStoreShowsAtOnceThroughItsChangeFeed() {
    PersonaBlock.Key bob = new PersonaBlock.Key("g1", "p1", "200");
    assertThat(f.blocks.mayTrigger("g1", "p1", "100")).isTrue();
    assertThat(f.blocks.mayTrigger("g1", "p1", "200")).isTrue();
    f.store.upsert(forHours(5));
    assertThat(f.blocks.mayTrigger("g1", "p1", "100")).as("its key was dropped").isFalse();
    f.store.remove(alice, f.clock.instant());
    assertThat(f.blocks.mayTrigger("g1", "p1", "100")).isTrue();
    f.blocks.close();
    f.store.upsert(new PersonaBlock(bob, BlockType.BLOCK, "r", f.clock.instant(), f.clock.instant().plusSeconds(60)));
    assertThat(f.blocks.mayTrigger("g1", "p1", "200")).as("closed: no longer listening, cached 'not blocked'").isTrue();
  }

  /** A host's store that announces nothing (no change feed). */
  private record Silent(PersonaBlockStore inner) implements PersonaBlockStore {
    @Override
    public void upsert(PersonaBlock block) {
      inner.upsert(block);
    }

    @Override
    public java.util.Optional<PersonaBlock> find(PersonaBlock.Key key, java.time.Instant now) {
      return inner.find(key, now);
    }

    @Override
    public java.util.Optional<PersonaBlock> remove(PersonaBlock.Key key, java.time.Instant now) {
      return inner.remove(key, now);
    }

    @Override
    public java.util.List<PersonaBlock> active(String guildId, String personaId, java.time.Instant now) {
      return inner.active(guildId, personaId, now);
    }

    @Override
    public int pruneExpired(java.time.Instant now) {
      return inner.pruneExpired(now);
    }
  }

  @Test
  void invalidateDropsTheCachedAnswer() {
    assertThat(f.blocks.active(alice)).isEmpty();
    f.store.upsert(forHours(5));
    f.blocks.invalidate(alice);
    assertThat(f.blocks.active(alice)).isPresent();
  }

  @Test
  void activeByUserAndPruneUseTheClock() {
    f.blocks.save(forHours(1));
    assertThat(f.blocks.activeByUser("g1", "p1")).containsOnlyKeys("100");
    f.clock.advance(Duration.ofHours(2));
    assertThat(f.blocks.activeByUser("g1", "p1")).isEmpty();
    assertThat(f.blocks.pruneExpired()).isEqualTo(1);
  }

  @Test
  void settingsAreCheckedAtOnce() {
    assertThatThrownBy(() -> PersonaBlocks.builder(f.store).cacheTtl(Duration.ofSeconds(-1)))
        .hasMessage("cacheTtl must be from 0 ms to 1 day, but was PT-1S");
    assertThatThrownBy(() -> new PersonaBlock.Key("g", " ", "u")).hasMessage("personaId must not be blank, but was ' '");
    assertThatThrownBy(() -> new PersonaBlock(alice, BlockType.MUTE, "r", f.clock.instant(), f.clock.instant()))
        .hasMessageStartingWith("expiresAt must be after createdAt");
    assertThatThrownBy(() -> PersonaBlockTools.builder(f.blocks, NoticePermissionProbe.ALL_GRANTED).maxDurationHours(0))
        .hasMessage("maxDurationHours must be from 1 to 8760, but was 0");
  }
}
