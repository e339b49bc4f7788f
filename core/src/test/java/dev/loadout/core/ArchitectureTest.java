package dev.loadout.core;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The rules every published module keeps ({@code ModuleRules}), on this module's production classes. */
class ArchitectureTest {
  @TestFactory
  Stream<DynamicTest> moduleRules() {
    return ModuleRules.module("dev.loadout.core")
        .keepsOutOfApi("com.networknt", "com.github.benmanes", "org.slf4j", "com.google.re2j", "org.apache.hc").tests();
  }
}
