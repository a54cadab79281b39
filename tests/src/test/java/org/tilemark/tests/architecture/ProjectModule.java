package org.tilemark.tests.architecture;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The module table of docs/architecture.md ("Modules (Maven) and who may depend on whom"), written once so
 * the pom check and the class check cannot drift apart.
 */
enum ProjectModule {
    CONFIG("config", "org.tilemark.config"),
    SCORING("scoring", "org.tilemark.scoring", CONFIG),
    TEMPLATES("templates", "org.tilemark.templates", CONFIG),
    WORKLOADS("workloads", "org.tilemark.workloads", CONFIG, SCORING, TEMPLATES),
    INFRA_OPS("infra-ops", "org.tilemark.infra", CONFIG, SCORING, TEMPLATES),
    HARNESS("harness", "org.tilemark.harness", CONFIG, SCORING, TEMPLATES, WORKLOADS, INFRA_OPS),
    /** Depends on everything, but only with test scope: nothing ships with the tests inside. */
    TESTS("tests", "org.tilemark.tests", CONFIG, SCORING, TEMPLATES, WORKLOADS, INFRA_OPS, HARNESS);

    static final String PROJECT_GROUP_ID = "org.tilemark";
    static final String PROJECT_PACKAGE = "org.tilemark";

    private final String directoryName;
    private final String basePackage;
    // A List, not an EnumSet: EnumSet needs the enum's constants, which are not set yet while they are built.
    private final List<ProjectModule> allowedDependencies;

    ProjectModule(String directoryName, String basePackage, ProjectModule... allowedDependencies) {
        this.directoryName = directoryName;
        this.basePackage = basePackage;
        this.allowedDependencies = List.of(allowedDependencies);
    }

    /** The module's directory under the reactor root (also its name in the parent's {@code <modules>}). */
    String directoryName() {
        return directoryName;
    }

    String basePackage() {
        return basePackage;
    }

    /** ArchUnit package pattern for the base package and everything below it. */
    String packagePattern() {
        return basePackage + "..";
    }

    List<ProjectModule> allowedDependencies() {
        return allowedDependencies;
    }

    boolean mayDependOn(ProjectModule other) {
        return other == this || allowedDependencies.contains(other);
    }

    /** Whether every project dependency of this module must be test scope. */
    boolean testScopeOnly() {
        return this == TESTS;
    }

    static Optional<ProjectModule> byDirectoryName(String directoryName) {
        return Arrays.stream(values()).filter(m -> m.directoryName.equals(directoryName)).findFirst();
    }

    static List<ProjectModule> productionModules() {
        return Arrays.stream(values()).filter(m -> m != TESTS).toList();
    }
}
