package dev.loadout.mcp.testkit;

import dev.loadout.core.ModuleRules;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The rules every published module keeps ({@code ModuleRules}), on this module's production classes. */
class ArchitectureTest {
  @TestFactory
  Stream<DynamicTest> moduleRules() {
    return ModuleRules.module("dev.loadout.mcp.testkit").mayUse("dev.loadout.mcp").tests();
  }
}
