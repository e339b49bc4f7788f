package com.example.bot;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.mcp.GuildMcpManager;
import dev.loadout.tools.web.FetchUrlTool;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;
import tools.jackson.databind.node.ArrayNode;

/**
 * What "add a dependency" must give a bot: the README quick start compiles and runs, the other two modules'
 * entry points load, and the runtime classpath holds no test library, no logging binding and no Jackson 2.
 * Exits 1 naming every problem.
 */
public final class ConsumerBot {
  private ConsumerBot() {}

  public static void main(String[] args) {
    List<String> problems = new ArrayList<>();
    ArrayNode history = quickStart(tools -> tools.contains("\"roll_dice\"") ? """
        {"choices":[{"message":{"role":"assistant","tool_calls":[
          {"id":"call_1","type":"function","function":{"name":"roll_dice","arguments":"{\\"sides\\":6}"}}]}}]}"""
        : "{\"choices\":[]}");
    String answer = history.size() == 1 ? history.get(0).path("content").asString() : "";
    if (!answer.matches("You rolled [1-6]")) {
      problems.add("the quick start answered " + history + " instead of one roll");
    }
    // The two other modules resolve with their dependencies (MCP SDK, jsoup, HttpClient) and initialise.
    problems.addAll(absent("a class of loadout-mcp", List.of(GuildMcpManager.class.getName()), false));
    problems.addAll(absent("a class of loadout-tools-web", List.of(FetchUrlTool.class.getName()), false));
    problems.addAll(absent("a test library", List.of("org.junit.jupiter.api.Test", "org.assertj.core.api.Assertions",
        "net.jqwik.api.Property", "com.tngtech.archunit.core.domain.JavaClass"), true));
    problems.addAll(absent("a logging binding", List.of("org.slf4j.simple.SimpleLogger", "ch.qos.logback.classic.Logger",
        "org.apache.logging.slf4j.SLF4JServiceProvider", "org.slf4j.jul.JDK14LoggerAdapter"), true));
    problems.addAll(absent("Jackson 2 databind", List.of("com.fasterxml.jackson.databind.ObjectMapper"), true));
    if (!problems.isEmpty()) {
      problems.forEach(p -> System.err.println("consumer: " + p));
      System.exit(1);
    }
    System.out.println("consumer: quick start answered \"" + answer + "\"; mcp and tools-web load; no test library,"
        + " logging binding or Jackson 2 on the runtime classpath");
  }

  /** The problems: a class that should be absent but loads, or one that should load but does not. */
  private static List<String> absent(String what, List<String> classes, boolean mustBeAbsent) {
    List<String> problems = new ArrayList<>();
    for (String name : classes) {
      boolean present;
      try {
        // A class that must load is initialised too, so a missing dependency of it shows here.
        Class.forName(name, !mustBeAbsent, ConsumerBot.class.getClassLoader());
        present = true;
      } catch (ClassNotFoundException | LinkageError e) {
        present = false;
      }
      if (present == mustBeAbsent) {
        problems.add(what + (mustBeAbsent ? " is on the runtime classpath: " : " does not load: ") + name);
      }
    }
    return problems;
  }

  static ArrayNode quickStart(UnaryOperator<String> send) {
    // quickstart:start
    ToolSpec dice = ToolSpec.builder("roll_dice", """
        {"type":"object","properties":{"sides":{"type":"integer","minimum":2}},"required":["sides"]}""")
        .description("Rolls one die with the given number of sides.").build();
    BaseTool roll = BaseTool.of(dice, (call, ctx) -> ToolResult.text(
        "You rolled " + (1 + ThreadLocalRandom.current().nextInt(call.argumentsJson().get("sides").asInt()))));
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(roll).build()).build()) {
      PreparedTurn turn = loadout.prepare(TurnContext.builder("openai", "gpt-5-mini").guildId("42").build());
      String tools = turn.render(Dialect.OPENAI_CHAT).json();             // the request's "tools"
      var calls = Dialect.OPENAI_CHAT.parseToolCalls(send.apply(tools));  // the model's answer
      var outcomes = turn.executeAll(calls).toCompletableFuture().join();
      return Dialect.OPENAI_CHAT.historyMessages(outcomes);               // append to "messages"
    }
    // quickstart:end
  }
}
