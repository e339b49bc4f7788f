package dev.loadout.testkit;

import dev.loadout.core.ModuleRules;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The rules every published module keeps ({@code ModuleRules}), on this module's production classes. */
class ArchitectureTest {
  @TestFactory
  Stream<DynamicTest> moduleRules() {
    return ModuleRules.module("dev.loadout.testkit").mayUse("dev.loadout.direct", "dev.loadout.tools.persona")
        .keepsOutOfApi("io.modelcontextprotocol", "org.eclipse.jetty", "org.slf4j").tests();
  }
}
