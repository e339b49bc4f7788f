package dev.loadout.direct;

import dev.loadout.core.ModuleRules;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The rules every published module keeps ({@code ModuleRules}), on this module's production classes. */
class ArchitectureTest {
  @TestFactory
  Stream<DynamicTest> moduleRules() {
    return ModuleRules.module("dev.loadout.direct")
        .keepsOutOfApi("com.google.re2j", "com.github.benmanes", "org.slf4j").tests();
  }
}
