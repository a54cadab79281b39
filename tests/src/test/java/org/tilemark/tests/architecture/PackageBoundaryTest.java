package org.tilemark.tests.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Package boundaries inside the modules (docs/architecture.md, module descriptions). Each test is an ArchUnit
 * rule, evaluated on the production classes: a failure names every offending class and dependency.
 */
class PackageBoundaryTest {

    /** Every direct subpackage of this one is one platform backend (local, vsphere, libvirt, ...). */
    static final String PLATFORM_PACKAGE = "org.tilemark.infra.platform";
    static final String PLATFORM_PROVIDER = PLATFORM_PACKAGE + ".PlatformProvider";

    @Test
    void nothingOutsideTheLocalBackendUsesIt() {
        holds(noClasses().that().resideOutsideOfPackage(PLATFORM_PACKAGE + ".local..")
                .should().dependOnClassesThat().resideInAPackage(PLATFORM_PACKAGE + ".local..")
                .because("the local backend is reached only through ServiceLoader and the Platform SPI"));
    }

    @Test
    void nothingOutsideABackendPackageUsesIt() {
        holds(classes().should(useBackendClassesOnlyFromTheirOwnBackend())
                .because("backend-specific code lives only in its package and is reached through ServiceLoader"));
    }

    @Test
    void backendPackagesArePublicOnlyForTheirProvider() {
        holds(classes().that().resideInAPackage(PLATFORM_PACKAGE + ".*..")
                .and().areTopLevelClasses()
                .and().haveModifier(JavaModifier.PUBLIC)
                .should().implement(PLATFORM_PROVIDER)
                .because("docs/architecture.md: each backend package is package-private but for its provider")
                .allowEmptyShould(true)); // a backend without public classes is fine (and keeps the rule)
    }

    @Test
    void workloadsNeverCallAPlatform() {
        holds(noClasses().that().resideInAPackage("org.tilemark.workloads..")
                .should().dependOnClassesThat().resideInAPackage("org.tilemark.infra..")
                .because("docs/architecture.md: workloads never call a platform"));
    }

    @Test
    void scoringIsPureFunctions() {
        holds(noClasses().that().resideInAPackage("org.tilemark.scoring..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "java.io..", "java.nio.file..", "java.net..", "org.springframework..")
                .because("docs/architecture.md: scoring is pure functions and immutable results: no I/O, no Spring"));
    }

    @Test
    void configUsesNoSpring() {
        holds(noClasses().that().resideInAPackage("org.tilemark.config..")
                .should().dependOnClassesThat().resideInAPackage("org.springframework..")
                .because("docs/architecture.md: config has no dependency but its YAML parser"));
    }

    /** The rule holds for every production class: no violation, or the failure lists each. */
    private static void holds(ArchRule rule) {
        assertThat(rule.evaluate(ProductionClasses.get()).getFailureReport().getDetails()).as(rule.getDescription()).isEmpty();
    }

    /** A class may use a backend package only when it lives in that same backend package (or below). */
    private static ArchCondition<JavaClass> useBackendClassesOnlyFromTheirOwnBackend() {
        return new ArchCondition<>("use " + PLATFORM_PACKAGE + ".<backend> classes only from inside <backend>") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                Optional<String> originBackend = backendOf(origin.getPackageName());
                for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                    Optional<String> targetBackend = backendOf(dependency.getTargetClass().getPackageName());
                    if (targetBackend.isPresent() && !targetBackend.equals(originBackend)) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()
                                + " [outside backend '" + targetBackend.get() + "']"));
                    }
                }
            }
        };
    }

    /** "local" for org.tilemark.infra.platform.local and its subpackages; empty for any other package. */
    static Optional<String> backendOf(String packageName) {
        String prefix = PLATFORM_PACKAGE + ".";
        if (!packageName.startsWith(prefix)) {
            return Optional.empty();
        }
        String rest = packageName.substring(prefix.length());
        int dot = rest.indexOf('.');
        return Optional.of(dot < 0 ? rest : rest.substring(0, dot));
    }
}
