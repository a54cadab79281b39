package org.tilemark.tests.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The project's production classes as ArchUnit sees them: every {@code org.tilemark} class on the
 * test class path (the module jars or their target/classes), without test classes or test jars.
 */
final class ProductionClasses {

    private ProductionClasses() {
    }

    static JavaClasses get() {
        return Holder.CLASSES;
    }

    /** Imported once per test JVM (it reads every jar); the classes cannot change during a run. */
    private static final class Holder {
        static final JavaClasses CLASSES = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // Modules' test jars (config's stand-in section, infra-ops' in-memory fake platform) are test code too.
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages(ProjectModule.PROJECT_PACKAGE);
    }
}
