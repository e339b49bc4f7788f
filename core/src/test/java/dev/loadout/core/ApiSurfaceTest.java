package dev.loadout.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

/** Core's implementation classes are not public API (the rules every module keeps are in {@code ArchitectureTest}). */
class ApiSurfaceTest {
  private static final JavaClasses CORE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.loadout.core");

  @Test
  void implementationClassesStayPackagePrivate() {
    classes().that().resideInAPackage("dev.loadout.core").and().haveSimpleNameNotEndingWith("Test")
        .and().haveSimpleNameContaining("Writer").or().haveSimpleNameContaining("Parser")
        .or().haveSimpleNameContaining("Renderer").or().haveSimpleNameContaining("Execution")
        .or().haveSimpleNameEndingWith("Schemas").or().haveSimpleNameEndingWith("Validator")
        .should().notHaveModifier(JavaModifier.PUBLIC)
        .check(CORE);
  }
}
