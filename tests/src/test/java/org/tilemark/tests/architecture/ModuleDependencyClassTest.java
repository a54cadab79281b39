package org.tilemark.tests.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** docs/architecture.md module table, checked on the compiled classes (rule 1b). */
class ModuleDependencyClassTest {

    static Stream<ProjectModule> productionModules() {
        return ProjectModule.productionModules().stream();
    }

    @ParameterizedTest(name = "{0} uses only the project packages docs/architecture.md allows")
    @MethodSource("productionModules")
    void moduleUsesOnlyAllowedProjectPackages(ProjectModule module) {
        String[] allowed = Stream.concat(Stream.of(module), module.allowedDependencies().stream())
                .map(ProjectModule::packagePattern)
                .toArray(String[]::new);

        ArchRule rule = noClasses().that().resideInAPackage(module.packagePattern())
                .should().dependOnClassesThat(resideInAPackage(ProjectModule.PROJECT_PACKAGE + "..")
                        .and(not(resideInAnyPackage(allowed))))
                .because("docs/architecture.md: " + module.directoryName() + " may depend only on "
                        + module.allowedDependencies().stream().map(ProjectModule::directoryName).toList());

        rule.check(ProductionClasses.get());
    }

    @Test
    void everyProductionClassBelongsToAModuleOfTheTable() {
        String[] modulePackages = productionModules().map(ProjectModule::packagePattern).toArray(String[]::new);

        classes().should().resideInAnyPackage(modulePackages)
                .because("a package outside the docs/architecture.md module table has no dependency rules")
                .check(ProductionClasses.get());
    }

    /** Guards the rules above against an empty import, which would make them pass vacuously. */
    @ParameterizedTest(name = "classes of {0} are imported")
    @MethodSource("productionModules")
    void everyProductionModuleContributesClasses(ProjectModule module) {
        List<String> imported = ProductionClasses.get().stream()
                .filter(c -> c.getPackageName().equals(module.basePackage())
                        || c.getPackageName().startsWith(module.basePackage() + "."))
                .map(JavaClass::getName)
                .toList();

        assertThat(imported).as("classes imported from " + module.basePackage()).isNotEmpty();
    }
}
