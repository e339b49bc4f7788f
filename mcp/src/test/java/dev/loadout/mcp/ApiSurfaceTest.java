package dev.loadout.mcp;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/** The connection machinery is not public API (the rules every module keeps are in {@code ArchitectureTest}). */
class ApiSurfaceTest {
  private static final JavaClasses MCP = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.loadout.mcp");

  @Test
  void theConnectionMachineryStaysPackagePrivate() {
    classes().that().haveSimpleNameStartingWith("Connector").or().haveSimpleNameStartingWith("Pool")
        .or().haveSimpleNameStartingWith("Calls").or().haveSimpleNameStartingWith("Failures")
        .or().haveSimpleNameStartingWith("CircuitBreaker").or().haveSimpleNameStartingWith("McpTool")
        .should().notHaveModifier(JavaModifier.PUBLIC).check(MCP);
  }
}
