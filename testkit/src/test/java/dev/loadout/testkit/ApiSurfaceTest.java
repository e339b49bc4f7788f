package dev.loadout.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The MCP server's machinery stays package-private (the rules every module keeps are in {@code ArchitectureTest}). */
class ApiSurfaceTest {
  private static final JavaClasses KIT = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.loadout.testkit");

  @Test
  void theMcpServersWiringIsNotPartOfTheApi() {
    classes().that().haveSimpleName("Running").or().haveSimpleName("FaultFilter").or().haveSimpleName("ToolDefinition")
        .or().haveSimpleName("ToolBehaviour").or().haveSimpleName("ToolTable").or().haveSimpleName("RequestLog")
        .or().haveSimpleName("ServerProcess").or().haveSimpleName("TaskSupportResponse")
        .or().haveSimpleName("ScheduledTask").should().notHaveModifier(JavaModifier.PUBLIC).check(KIT);
  }

}
