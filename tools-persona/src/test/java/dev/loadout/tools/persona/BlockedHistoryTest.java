package dev.loadout.tools.persona;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BlockedHistoryTest {
  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

  /** A host's message type. */
  record Msg(String id, String author, String name, boolean live, String replyTo) {}

  static final HistoryView<Msg> VIEW = new HistoryView<>() {
    @Override
    public String messageId(Msg m) {
      return m.id();
    }

    @Override
    public String authorId(Msg m) {
      return m.author();
    }

    @Override
    public String authorName(Msg m) {
      return m.name();
    }

    @Override
    public boolean isLiveTurn(Msg m) {
      return m.live();
    }

    @Override
    public Optional<String> replyToId(Msg m) {
      return Optional.ofNullable(m.replyTo());
    }
  };

  static Msg live(String id, String author) {
    return new Msg(id, author, author.equals("a") ? "Alice" : author.equals("b") ? "Bob" : "Carol", true, null);
  }

  static PersonaBlock block(String user, BlockType type, Duration left) {
    return new PersonaBlock(new PersonaBlock.Key("g", "p", user), type, "r", NOW.minus(Duration.ofHours(1)), NOW.plus(left));
  }

  static List<String> render(List<HistoryItem<Msg>> items) {
    return items.stream().map(i -> i instanceof HistoryItem.Kept<Msg> k
        ? k.message().id() + (k.suppressReplyQuote() ? "(no quote)" : "")
        : "notice:" + ((HistoryItem.Notice<Msg>) i).authorId() + "x" + ((HistoryItem.Notice<Msg>) i).replacedMessages()).toList();
  }

  @Test
  void noticeRoundsRemainingHoursUpAndPluralises() {
    assertThat(BlockedHistory.noticeText("Alice", Duration.ofMinutes(1))).isEqualTo(
        "[System: Alice sent a message but is currently blocked by you for 1 more hour. Use `unblock_user` to unblock if needed]");
    assertThat(BlockedHistory.noticeText("Alice", Duration.ofMinutes(60))).contains("for 1 more hour.");
    assertThat(BlockedHistory.noticeText("Alice", Duration.ofMinutes(61))).contains("for 2 more hours.");
    assertThat(BlockedHistory.noticeText("Alice", Duration.ofHours(168))).contains("for 168 more hours.");
    assertThat(BlockedHistory.noticeText("Alice", Duration.ZERO)).contains("for 1 more hour.");
  }

  @Test
  void consecutiveMessagesOfABlockedUserCollapseIntoOneNotice() {
    List<HistoryItem<Msg>> out = BlockedHistory.apply(List.of(live("1", "a"), live("2", "a"), live("3", "a"), live("4", "c")),
        VIEW, Map.of("a", block("a", BlockType.BLOCK, Duration.ofMinutes(150))), NOW);
    assertThat(render(out)).containsExactly("notice:ax3", "4");
    HistoryItem.Notice<Msg> notice = (HistoryItem.Notice<Msg>) out.get(0);
    assertThat(notice.id()).isEqualTo("synthetic-user-block-1");
    assertThat(notice.text()).isEqualTo(
        "[System: Alice sent a message but is currently blocked by you for 3 more hours. Use `unblock_user` to unblock if needed]");
  }

  @Test
  void collapsingRestartsAcrossInterleavedUsers() {
    Map<String, PersonaBlock> blocks = Map.of("a", block("a", BlockType.BLOCK, Duration.ofHours(1)),
        "b", block("b", BlockType.BLOCK, Duration.ofHours(5)));
    List<Msg> history = List.of(live("1", "a"), live("2", "b"), live("3", "b"), live("4", "a"), live("5", "c"), live("6", "a"),
        live("7", "a"));
    assertThat(render(BlockedHistory.apply(history, VIEW, blocks, NOW)))
        .containsExactly("notice:ax1", "notice:bx2", "notice:ax1", "5", "notice:ax2");
  }

  @Test
  void muteAndExpiredBlocksLeaveHistoryAlone() {
    Map<String, PersonaBlock> blocks = Map.of("a", block("a", BlockType.MUTE, Duration.ofHours(1)),
        "b", block("b", BlockType.BLOCK, Duration.ofHours(1)));
    List<Msg> history = List.of(live("1", "a"), live("2", "b"));
    assertThat(render(BlockedHistory.apply(history, VIEW, blocks, NOW.plus(Duration.ofHours(1))))).containsExactly("1", "2");
    assertThat(render(BlockedHistory.apply(history, VIEW, blocks, NOW))).containsExactly("1", "notice:bx1");
  }

  @Test
  void nonLiveEntriesStayAndEndARunAndRepliesToHiddenMessagesLoseTheirQuote() {
    Msg memory = new Msg("m", "a", "Alice", false, null);
    Msg reply = new Msg("r", "c", "Carol", true, "1");
    Msg otherReply = new Msg("s", "c", "Carol", true, "m");
    List<Msg> history = List.of(live("1", "a"), memory, live("2", "a"), reply, otherReply, new Msg("sys", null, null, true, null));
    assertThat(render(BlockedHistory.apply(history, VIEW, Map.of("a", block("a", BlockType.BLOCK, Duration.ofHours(2))), NOW)))
        .containsExactly("notice:ax1", "m", "notice:ax1", "r(no quote)", "s", "sys");
  }
}
