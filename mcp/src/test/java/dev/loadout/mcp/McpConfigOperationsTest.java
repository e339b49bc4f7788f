package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.store.StoreException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class McpConfigOperationsTest {
  static final String TOKEN = "tok-SECRET-123";
  final List<String> calls = new ArrayList<>();
  final InMemoryMcpRegistrationStore memory = new InMemoryMcpRegistrationStore();
  ConfigHooks.TestResult nextTest = ConfigHooks.TestResult.ok(List.of("echo", "echo", "sum\u0000x"), "streamable_http");
  boolean failReads;
  boolean failWrites;
  /** Runs once, right after the next read: another admin or process acting between an operation's read and write. */
  Runnable afterRead;

  final McpRegistrationStore store = new McpRegistrationStore() {
    @Override
    public List<McpRegistration> list(String guildId) {
      calls.add("read");
      if (failReads) {
        throw new StoreException("registrations: list failed", null);
      }
      List<McpRegistration> read = memory.list(guildId);
      Runnable meanwhile = afterRead;
      afterRead = null;
      if (meanwhile != null) {
        meanwhile.run();
      }
      return read;
    }

    @Override
    public InsertOutcome insert(McpRegistration draft, int maxPerGuild) {
      calls.add("insert");
      return memory.insert(draft, maxPerGuild);
    }

    @Override
    public boolean setEnabled(String guildId, long id, boolean enabled) {
      calls.add("write");
      if (failWrites) {
        throw new StoreException("registrations: update failed", null);
      }
      return memory.setEnabled(guildId, id, enabled);
    }

    @Override
    public boolean remove(String guildId, long id) {
      calls.add("write");
      if (failWrites) {
        throw new StoreException("registrations: delete failed", null);
      }
      return memory.remove(guildId, id);
    }

    @Override
    public boolean updateToolNames(String guildId, long id, List<String> toolNames) {
      return memory.updateToolNames(guildId, id, toolNames);
    }

    @Override
    public boolean updateToolSelection(String guildId, long id, ToolSelection selection) {
      calls.add("write");
      if (failWrites) {
        throw new StoreException("registrations: update failed", null);
      }
      return memory.updateToolSelection(guildId, id, selection);
    }
  };

  final ConfigHooks hooks = new ConfigHooks() {
    @Override
    public TestResult testConnection(String url, String token) {
      calls.add("test");
      return nextTest;
    }

    @Override
    public TestResult retryNow(McpRegistration r) {
      calls.add("retry " + r.guildId() + "/" + r.id());
      return nextTest;
    }

    @Override
    public void invalidate(String guildId) {
      calls.add("invalidate " + guildId);
    }

    @Override
    public void disconnect(String guildId, long registrationId) {
      calls.add("disconnect " + guildId + "/" + registrationId);
    }
  };

  McpConfigOperations ops(McpSettings settings, NetworkPolicy policy) {
    return new McpConfigOperations(store, NetworkGuard.of(policy), settings, hooks);
  }

  McpConfigOperations ops() {
    return ops(McpSettings.builder().requireHttps(false).maxServersPerGuild(2).build(), NetworkPolicy.development());
  }

  @Test
  void addNormalisesTheNameTestsTheConnectionAndStoresTheNormalisedSnapshot() {
    ConfigOutcome out = ops().add("g1", "  my   search server ", " http://127.0.0.1:9/mcp ", "  " + TOKEN + " ", "WEB_SEARCH");
    assertThat(out.code()).isEqualTo(ConfigOutcome.ADDED);
    McpRegistration r = out.registration().orElseThrow();
    assertThat(r.name()).isEqualTo("my-search-server");
    assertThat(r.url()).isEqualTo("http://127.0.0.1:9/mcp");
    assertThat(r.token()).contains(TOKEN);
    assertThat(r.type()).isEqualTo(ServerType.WEB_SEARCH);
    assertThat(out.toolNames()).containsExactly("echo", "sum x");
    assertThat(calls).containsExactly("read", "test", "insert", "invalidate g1");
  }

  @Test
  void invalidInputNeverReadsOrConnects() {
    assertThat(ops().add("g1", "_bad", "http://127.0.0.1/", null, null).code()).isEqualTo(ConfigOutcome.INVALID_INPUT);
    assertThat(ops().add("g1", "a".repeat(33), "http://127.0.0.1/", null, null).code()).isEqualTo(ConfigOutcome.INVALID_INPUT);
    assertThat(ops().add("g1", "ok", "http://127.0.0.1/" + "a".repeat(490), null, null).code())
        .isEqualTo(ConfigOutcome.INVALID_INPUT);
    assertThat(ops().add("g1", "ok", "http://127.0.0.1/", "t".repeat(501), null).code()).isEqualTo(ConfigOutcome.INVALID_INPUT);
    assertThat(ops().add(" ", "ok", "http://127.0.0.1/", null, null).code()).isEqualTo(ConfigOutcome.INVALID_INPUT);
    assertThat(ops().add("g1", "ok", "http://127.0.0.1/", null, "stdio").code()).isEqualTo(ConfigOutcome.INVALID_TYPE);
    assertThat(calls).isEmpty();
  }

  @Test
  void emptyNoneAndGeneralAllMeanGeneral() {
    for (String type : new String[] {"", "none", "General", null}) {
      memory.list("g1").forEach(r -> memory.remove("g1", r.id()));
      ConfigOutcome out = ops().add("g1", "s", "http://127.0.0.1:9/", null, type);
      assertThat(out.registration().orElseThrow().type()).as(String.valueOf(type)).isEqualTo(ServerType.GENERAL);
    }
  }

  @Test
  void aFailedReadIsUnavailableAndNothingConnects() {
    failReads = true;
    assertThat(ops().add("g1", "s", "http://127.0.0.1:9/", null, null).code()).isEqualTo(ConfigOutcome.UNAVAILABLE);
    assertThat(calls).containsExactly("read");
  }

  @Test
  void theLimitIsCheckedBeforeTheUrlAndTheConnection() {
    ops().add("g1", "a", "http://127.0.0.1:9/", null, null);
    ops().add("g1", "b", "http://127.0.0.1:9/", null, null);
    calls.clear();
    ConfigOutcome out = ops().add("g1", "c", "http://169.254.169.254/", null, null);
    assertThat(out.code()).isEqualTo(ConfigOutcome.LIMIT_REACHED);
    assertThat(calls).containsExactly("read");
  }

  @Test
  void theGuardRefusesMetadataAndPrivateAddressesBeforeAnyConnectionWithAMessageThatNamesNoOperatorSetting() {
    ConfigOutcome metadata = ops().add("g1", "m", "http://169.254.169.254/latest", null, null);
    assertThat(metadata.code()).isEqualTo(ConfigOutcome.BLOCKED_ADDRESS);
    McpConfigOperations production = ops(McpSettings.defaults(), NetworkPolicy.production());
    ConfigOutcome loopback = production.add("g1", "p", "https://127.0.0.1/mcp", null, null);
    assertThat(loopback.code()).isEqualTo(ConfigOutcome.BLOCKED_ADDRESS);
    for (ConfigOutcome o : List.of(metadata, loopback)) {
      assertThat(o.message()).doesNotContain("FETCH_URL_ALLOW_PRIVATE_NETWORK").doesNotContain("RUN_ENV")
          .contains("private, internal or reserved address");
    }
    assertThat(ops().add("g1", "x", "ftp://example.org/mcp", null, null).code()).isEqualTo(ConfigOutcome.INVALID_URL);
    assertThat(calls).doesNotContain("test");
  }

  @Test
  void httpsIsRequiredWhenTheSettingsSaySo() {
    McpConfigOperations strict = ops(McpSettings.defaults(), NetworkPolicy.development());
    ConfigOutcome out = strict.add("g1", "p", "http://127.0.0.1:9/mcp", null, null);
    assertThat(out.code()).isEqualTo(ConfigOutcome.HTTPS_REQUIRED);
    assertThat(out.message()).contains("https");
  }

  @ParameterizedTest
  @CsvSource({"mcp_unreachable, unreachable", "timeout, unreachable", "mcp_unauthorized, unauthorized",
      "mcp_protocol_error, not_an_mcp_server", "mcp_http_error, not_an_mcp_server", "mcp_redirected, not_an_mcp_server",
      "mcp_blocked, blocked_address", "something_else, connection_failed"})
  void aFailedTestConnectionSaysWhichKindOfFailureItWas(String failure, String outcome) {
    nextTest = ConfigHooks.TestResult.failed(failure, "it failed");
    assertThat(ops().add("g1", "s", "http://127.0.0.1:9/mcp", null, null).code()).isEqualTo(outcome);
    assertThat(memory.list("g1")).isEmpty();
  }

  @Test
  void aFailedTestConnectionIsReportedSanitisedAndNothingIsStored() {
    nextTest = ConfigHooks.TestResult.failed(McpFailureCodes.UNREACHABLE,
        "StreamableHTTP: refused at http://127.0.0.1:9/mcp?key=qqq with " + TOKEN);
    ConfigOutcome out = ops().add("g1", "s", "http://127.0.0.1:9/mcp?key=qqq", TOKEN, null);
    assertThat(out.code()).isEqualTo(ConfigOutcome.UNREACHABLE);
    assertThat(out.message()).contains("http://127.0.0.1:9").doesNotContain(TOKEN).doesNotContain("qqq");
    assertThat(memory.list("g1")).isEmpty();
    assertThat(calls).containsExactly("read", "test");
  }

  @Test
  void aDuplicateNameIsReportedAfterTheConnectionTest() {
    ops().add("g1", "dup", "http://127.0.0.1:9/", null, null);
    ConfigOutcome out = ops().add("g1", "DUP", "http://127.0.0.1:9/", null, null);
    assertThat(out.code()).isEqualTo(ConfigOutcome.DUPLICATE_OR_WRITE_FAILED);
  }

  @Test
  void disablingWritesThenInvalidatesThenDisconnects() {
    long id = ops().add("g1", "s", "http://127.0.0.1:9/", null, null).registration().orElseThrow().id();
    calls.clear();
    ConfigOutcome out = ops().setEnabled("g1", id, false);
    assertThat(out.code()).isEqualTo(ConfigOutcome.UPDATED);
    assertThat(out.registration().orElseThrow().enabled()).isFalse();
    assertThat(calls).containsExactly("read", "write", "invalidate g1", "disconnect g1/" + id);
  }

  @Test
  void enablingIsLazyAndTheSameStateIsUnchanged() {
    long id = ops().add("g1", "s", "http://127.0.0.1:9/", null, null).registration().orElseThrow().id();
    calls.clear();
    assertThat(ops().setEnabled("g1", id, true).code()).isEqualTo(ConfigOutcome.UNCHANGED);
    assertThat(calls).containsExactly("read");
    ops().setEnabled("g1", id, false);
    calls.clear();
    assertThat(ops().setEnabled("g1", id, true).code()).isEqualTo(ConfigOutcome.UPDATED);
    assertThat(calls).containsExactly("read", "write", "invalidate g1");
  }

  @Test
  void aFailedWriteDisconnectsNothing() {
    long id = ops().add("g1", "s", "http://127.0.0.1:9/", null, null).registration().orElseThrow().id();
    failWrites = true;
    calls.clear();
    assertThat(ops().setEnabled("g1", id, false).code()).isEqualTo(ConfigOutcome.WRITE_FAILED);
    assertThat(ops().remove("g1", id).code()).isEqualTo(ConfigOutcome.WRITE_FAILED);
    assertThat(calls).containsExactly("read", "write", "read", "write");
  }

  @Test
  void removeWritesThenInvalidatesThenDisconnectsAndIsScopedToTheGuild() {
    long id = ops().add("g1", "s", "http://127.0.0.1:9/", null, null).registration().orElseThrow().id();
    assertThat(ops().remove("g2", id).code()).isEqualTo(ConfigOutcome.NOT_FOUND);
    calls.clear();
    assertThat(ops().remove("g1", id).code()).isEqualTo(ConfigOutcome.REMOVED);
    assertThat(calls).containsExactly("read", "write", "invalidate g1", "disconnect g1/" + id);
    assertThat(memory.list("g1")).isEmpty();
  }

  @Test
  void aRegistrationRemovedBetweenTheReadAndTheWriteIsNotFoundNotAFailedWrite() {
    McpSettings roomy = McpSettings.builder().requireHttps(false).maxServersPerGuild(5).build();
    Map<String, java.util.function.LongFunction<ConfigOutcome>> changes = new LinkedHashMap<>();
    changes.put("disable", id -> ops(roomy, NetworkPolicy.development()).setEnabled("g1", id, false));
    changes.put("select", id -> ops(roomy, NetworkPolicy.development()).setToolSelection("g1", id, "echo", "", ""));
    changes.put("remove", id -> ops(roomy, NetworkPolicy.development()).remove("g1", id));
    changes.forEach((name, change) -> {
      long id = ops(roomy, NetworkPolicy.development()).add("g1", name, "http://127.0.0.1:9/", null, null)
          .registration().orElseThrow().id();
      afterRead = () -> memory.remove("g1", id);
      calls.clear();
      ConfigOutcome out = change.apply(id);
      assertThat(out.code()).as(name + ": " + out.message()).isEqualTo(ConfigOutcome.NOT_FOUND);
      assertThat(out.message()).isEqualTo("'" + name + "' (id " + id + ") was removed meanwhile; nothing was changed.");
      assertThat(calls).as(name + ": nothing invalidated or disconnected here").containsExactly("read", "write");
    });
  }

  @Test
  void aFailedReadMakesChangesUnavailable() {
    failReads = true;
    assertThat(ops().setEnabled("g1", 1, false).code()).isEqualTo(ConfigOutcome.UNAVAILABLE);
    assertThat(ops().remove("g1", 1).code()).isEqualTo(ConfigOutcome.UNAVAILABLE);
  }

  // ---- tool selection ----------------------------------------------------------------------------------

  static final String CHARSET_RULE = "may contain only ASCII letters, digits, '_', '-', '.', '/' and '*'";

  long addServerWithTools(String... names) {
    nextTest = ConfigHooks.TestResult.ok(List.of(names), "streamable_http");
    long id = ops().add("g1", "s", "http://127.0.0.1:9/", null, null).registration().orElseThrow().id();
    calls.clear();
    return id;
  }

  @Test
  void addWithASelectionStoresItAndKeepsTheSnapshotUnfiltered() {
    nextTest = ConfigHooks.TestResult.ok(List.of("read_a", "read_b", "delete_c"), "streamable_http");
    ToolSelection selection = ToolSelection.builder().allow("read_*").deny("read_b").prefix("fs_").build();
    ConfigOutcome out = ops().add("g1", "s", "http://127.0.0.1:9/", null, null, selection);
    assertThat(out.code()).isEqualTo(ConfigOutcome.ADDED);
    assertThat(out.message()).isEqualTo("Added 's' with 3 tools (the selection offers 1 of the 3 known tools).");
    assertThat(out.toolNames()).containsExactly("read_a", "read_b", "delete_c");
    assertThat(out.registration().orElseThrow().toolSelection()).isEqualTo(selection);
    assertThat(memory.list("g1").get(0).toolSelection()).isEqualTo(selection);
    assertThat(calls).containsExactly("read", "test", "insert", "invalidate g1");
  }

  @Test
  void addWithoutASelectionOffersEveryToolAndSaysNothingOfIt() {
    ConfigOutcome out = ops().add("g1", "s", "http://127.0.0.1:9/", null, null);
    assertThat(out.message()).isEqualTo("Added 's' with 2 tools.");
    assertThat(out.registration().orElseThrow().toolSelection()).isSameAs(ToolSelection.ALL);
  }

  @Test
  void addWithANullSelectionIsInvalidInputBeforeAnyReadOrConnection() {
    ConfigOutcome out = ops().add("g1", "s", "http://127.0.0.1:9/", null, null, null);
    assertThat(out.code()).isEqualTo(ConfigOutcome.INVALID_INPUT);
    assertThat(out.message()).contains("ToolSelection.ALL");
    assertThat(calls).isEmpty();
  }

  @Test
  void setToolSelectionWritesThenInvalidatesAndKeepsTheConnection() {
    long id = addServerWithTools("read_file", "delete_repo");
    ConfigOutcome out = ops().setToolSelection("g1", id, " read_*, delete_* ", "delete_*", " gh_ ");
    assertThat(out.code()).isEqualTo(ConfigOutcome.UPDATED);
    assertThat(out.message()).isEqualTo("The tool selection of 's' is now: allowlist [read_*, delete_*], denylist "
        + "[delete_*], prefix [gh_] (the selection offers 1 of the 2 known tools).");
    ToolSelection expected = ToolSelection.builder().allow("read_*", "delete_*").deny("delete_*").prefix("gh_").build();
    assertThat(out.registration().orElseThrow().toolSelection()).isEqualTo(expected);
    assertThat(memory.list("g1").get(0).toolSelection()).isEqualTo(expected);
    assertThat(memory.list("g1").get(0).toolNames()).contains(List.of("read_file", "delete_repo"));
    assertThat(calls).containsExactly("read", "write", "invalidate g1");
  }

  @Test
  void theSameSelectionAgainIsUnchangedAndWritesNothing() {
    long id = addServerWithTools("read_file");
    ops().setToolSelection("g1", id, "read_*", null, null);
    calls.clear();
    ConfigOutcome out = ops().setToolSelection("g1", id, "read_*", "", "  ");
    assertThat(out.code()).isEqualTo(ConfigOutcome.UNCHANGED);
    assertThat(out.message()).isEqualTo("'s' already has that tool selection: allowlist [read_*], denylist none, "
        + "prefix none.");
    assertThat(calls).containsExactly("read");
  }

  @Test
  void blankListsAndPrefixGoBackToEveryTool() {
    long id = addServerWithTools("read_file");
    ops().setToolSelection("g1", id, "read_*", "x", "p_");
    ConfigOutcome out = ops().setToolSelection("g1", id, null, " ", "");
    assertThat(out.code()).isEqualTo(ConfigOutcome.UPDATED);
    assertThat(out.message()).isEqualTo("The tool selection of 's' is now: allowlist none (every tool), denylist none, "
        + "prefix none.");
    assertThat(memory.list("g1").get(0).toolSelection()).isSameAs(ToolSelection.ALL);
  }

  @Test
  void aBadSelectionIsInvalidInputNamingTheRuleAndNothingIsReadOrWritten() {
    long id = addServerWithTools("read_file");
    ConfigOutcome glob = ops().setToolSelection("g1", id, "read?", null, null);
    assertThat(glob.code()).isEqualTo(ConfigOutcome.INVALID_INPUT);
    assertThat(glob.message()).isEqualTo("The tool selection was not changed: allowlist pattern [read?] " + CHARSET_RULE
        + ", but character 5 is '?'.");
    ConfigOutcome prefix = ops().setToolSelection("g1", id, null, null, "1x");
    assertThat(prefix.message()).isEqualTo("The tool selection was not changed: tool-name prefix [1x] must match "
        + "^[a-zA-Z][a-zA-Z0-9_-]{0,23}$ (an ASCII letter, then at most 23 letters, digits, '_' or '-').");
    ConfigOutcome twice = ops().setToolSelection("g1", id, null, "a b a", null);
    assertThat(twice.message()).isEqualTo("The tool selection was not changed: denylist pattern [a] is listed twice; "
        + "list each pattern once.");
    assertThat(ops().setToolSelection(" ", id, "read_*", null, null).code()).isEqualTo(ConfigOutcome.INVALID_INPUT);
    assertThat(ops().setToolSelection("g1", id, (ToolSelection) null).code()).isEqualTo(ConfigOutcome.INVALID_INPUT);
    assertThat(calls).isEmpty();
    assertThat(memory.list("g1").get(0).toolSelection()).isSameAs(ToolSelection.ALL);
  }

  @Test
  void setToolSelectionIsScopedToTheGuild() {
    long id = addServerWithTools("read_file");
    assertThat(ops().setToolSelection("g2", id, "read_*", null, null).code()).isEqualTo(ConfigOutcome.NOT_FOUND);
    assertThat(ops().setToolSelection("g1", id + 100, "read_*", null, null).code()).isEqualTo(ConfigOutcome.NOT_FOUND);
    assertThat(calls).containsExactly("read", "read");
    assertThat(memory.list("g1").get(0).toolSelection()).isSameAs(ToolSelection.ALL);
  }

  @Test
  void aFailedReadOrWriteOfASelectionInvalidatesNothing() {
    long id = addServerWithTools("read_file");
    failReads = true;
    assertThat(ops().setToolSelection("g1", id, "read_*", null, null).code()).isEqualTo(ConfigOutcome.UNAVAILABLE);
    failReads = false;
    failWrites = true;
    ConfigOutcome out = ops().setToolSelection("g1", id, "read_*", null, null);
    assertThat(out.code()).isEqualTo(ConfigOutcome.WRITE_FAILED);
    assertThat(out.message()).isEqualTo("The tool selection of 's' could not be changed.");
    assertThat(out.registration().orElseThrow().toolSelection()).isSameAs(ToolSelection.ALL);
    assertThat(calls).containsExactly("read", "read", "write");
  }

  @Test
  void anUnreadableStoredSelectionIsReplacedEvenByAPlainDenyAll() {
    long id = addServerWithTools("read_file");
    memory.updateToolSelection("g1", id, ToolSelection.unreadableStored());
    ConfigOutcome out = ops().setToolSelection("g1", id, null, "*", null);
    assertThat(out.code()).isEqualTo(ConfigOutcome.UPDATED);
    assertThat(memory.list("g1").get(0).toolSelection().unreadable()).isFalse();
    assertThat(memory.list("g1").get(0).toolSelection().deny()).containsExactly("*");
  }
}
