package dev.loadout.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/** The kit's public surface: stability marked on every type; the MCP server's machinery stays package-private. */
class ApiSurfaceTest {
  private static final JavaClasses KIT = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.loadout.testkit");

  @Test
  void everyPublicTypeDeclaresItsStability() {
    classes().that().arePublic().and(DescribedPredicate.describe("visible outside the package",
            (JavaClass c) -> c.getEnclosingClass().map(e -> e.getModifiers().contains(JavaModifier.PUBLIC)).orElse(true)))
        .should().beAnnotatedWith(API.class).check(KIT);
  }

  @Test
  void theMcpServersWiringIsNotPartOfTheApi() {
    classes().that().haveSimpleName("Running").or().haveSimpleName("FaultFilter").or().haveSimpleName("ToolDefinition")
        .or().haveSimpleName("ToolBehaviour").should().notHaveModifier(JavaModifier.PUBLIC).check(KIT);
  }

  @Test
  void theKitDoesNotDependOnTheMcpModule() {
    noClasses().should().dependOnClassesThat().resideInAPackage("dev.loadout.mcp..").check(KIT);
  }
}
