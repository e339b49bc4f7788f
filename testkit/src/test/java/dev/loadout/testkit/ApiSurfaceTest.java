package dev.loadout.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.ArrayList;
import java.util.List;
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
        .or().haveSimpleName("ToolBehaviour").or().haveSimpleName("ToolTable").or().haveSimpleName("RequestLog")
        .or().haveSimpleName("ServerProcess").or().haveSimpleName("TaskSupportResponse")
        .or().haveSimpleName("ScheduledTask").should().notHaveModifier(JavaModifier.PUBLIC).check(KIT);
  }

  /** A host's tests use the kit without writing against the MCP SDK's types (they may never see the SDK). */
  @Test
  void noPublicSignatureMentionsAnMcpSdkType() {
    codeUnits().that().arePublic().and().areDeclaredInClassesThat().arePublic()
        .should(new ArchCondition<JavaCodeUnit>("not mention an MCP SDK type in its signature") {
          @Override
          public void check(JavaCodeUnit unit, ConditionEvents events) {
            List<JavaClass> types = new ArrayList<>(unit.getRawParameterTypes());
            types.add(unit.getRawReturnType());
            types.stream().filter(t -> t.getPackageName().startsWith("io.modelcontextprotocol"))
                .forEach(t -> events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " mentions " + t.getName())));
          }
        }).check(KIT);
  }

  @Test
  void theKitDoesNotDependOnTheMcpModule() {
    noClasses().should().dependOnClassesThat().resideInAPackage("dev.loadout.mcp..").check(KIT);
  }
}
