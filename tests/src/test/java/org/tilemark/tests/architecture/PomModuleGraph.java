package org.tilemark.tests.architecture;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Reads the reactor's poms and compares every project ({@code org.tilemark}) dependency with the
 * module table in {@link ProjectModule}. Returns violations as readable sentences instead of
 * throwing, so one run reports every broken edge.
 */
final class PomModuleGraph {

    /** Written as property references, these still mean "this project". */
    private static final Set<String> PROJECT_GROUP_IDS =
            Set.of(ProjectModule.PROJECT_GROUP_ID, "${project.groupId}", "${project.parent.groupId}");

    private PomModuleGraph() {
    }

    /** One {@code <dependency>} as declared; scope is "compile" when not written. */
    record Dependency(String groupId, String artifactId, String scope) {
    }

    /** One module pom: its directory, artifactId and declared dependencies (including profiles). */
    record ModulePom(String directoryName, String artifactId, List<Dependency> dependencies) {
    }

    /** All violations of the module table in the reactor at {@code root}; empty when it is kept. */
    static List<String> violations(Path root) {
        Element rootProject = parse(root.resolve("pom.xml"));
        List<String> violations = new ArrayList<>();
        for (Dependency inherited : dependencies(rootProject)) {
            if (isProjectDependency(inherited)) {
                violations.add("parent pom.xml declares a dependency on " + inherited.artifactId()
                        + ", which every module inherits");
            }
        }
        List<String> moduleDirectories = childTexts(child(rootProject, "modules"), "module");
        Map<String, ModulePom> poms = new LinkedHashMap<>();
        for (String directory : moduleDirectories) {
            poms.put(directory, readModule(root, directory));
        }
        for (ProjectModule expected : ProjectModule.values()) {
            if (!poms.containsKey(expected.directoryName())) {
                violations.add("module '" + expected.directoryName()
                        + "' is in the docs/architecture.md table but not in the reactor's <modules>");
            }
        }
        Map<String, String> directoryByArtifact = new LinkedHashMap<>();
        poms.values().forEach(pom -> directoryByArtifact.put(pom.artifactId(), pom.directoryName()));
        for (ModulePom pom : poms.values()) {
            violations.addAll(moduleViolations(pom, directoryByArtifact));
        }
        return violations;
    }

    private static List<String> moduleViolations(ModulePom pom, Map<String, String> directoryByArtifact) {
        Optional<ProjectModule> module = ProjectModule.byDirectoryName(pom.directoryName());
        if (module.isEmpty()) {
            return List.of("module '" + pom.directoryName() + "' is not in the docs/architecture.md module table");
        }
        List<String> violations = new ArrayList<>();
        for (Dependency dependency : pom.dependencies()) {
            if (!isProjectDependency(dependency)) {
                continue;
            }
            String target = directoryByArtifact.get(dependency.artifactId());
            Optional<ProjectModule> targetModule =
                    target == null ? Optional.empty() : ProjectModule.byDirectoryName(target);
            if (targetModule.isEmpty()) {
                violations.add("module '" + pom.directoryName() + "' depends on " + dependency.artifactId()
                        + ", which is no module of the docs/architecture.md table");
            } else if (!module.get().mayDependOn(targetModule.get())) {
                violations.add("module '" + pom.directoryName() + "' depends on '" + target
                        + "' (" + dependency.artifactId() + "), but docs/architecture.md allows only "
                        + module.get().allowedDependencies().stream().map(ProjectModule::directoryName).toList());
            } else if (module.get().testScopeOnly() && !"test".equals(dependency.scope())) {
                violations.add("module '" + pom.directoryName() + "' depends on '" + target
                        + "' with scope " + dependency.scope() + "; docs/architecture.md allows test scope only");
            }
        }
        return violations;
    }

    private static boolean isProjectDependency(Dependency dependency) {
        return PROJECT_GROUP_IDS.contains(dependency.groupId());
    }

    static ModulePom readModule(Path root, String directoryName) {
        Element project = parse(root.resolve(directoryName).resolve("pom.xml"));
        return new ModulePom(directoryName, text(child(project, "artifactId")), dependencies(project));
    }

    /** Direct dependencies and those of every profile; dependencyManagement declares no edges. */
    private static List<Dependency> dependencies(Element project) {
        List<Dependency> dependencies = new ArrayList<>(dependencyList(child(project, "dependencies")));
        for (Element profile : children(child(project, "profiles"), "profile")) {
            dependencies.addAll(dependencyList(child(profile, "dependencies")));
        }
        return dependencies;
    }

    private static List<Dependency> dependencyList(Element dependencies) {
        return children(dependencies, "dependency").stream()
                .map(d -> new Dependency(text(child(d, "groupId")), text(child(d, "artifactId")),
                        Optional.ofNullable(text(child(d, "scope"))).orElse("compile")))
                .toList();
    }

    private static Element parse(Path pom) {
        try (InputStream in = Files.newInputStream(pom)) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            // A pom needs no DTDs or external entities; refusing them keeps the parser offline.
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document document = factory.newDocumentBuilder().parse(in);
            return document.getDocumentElement();
        } catch (IOException | SAXException | ParserConfigurationException e) {
            throw new IllegalStateException("cannot read " + pom + ": " + e.getMessage(), e);
        }
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.getFirst();
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        if (parent == null) {
            return found;
        }
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && name.equals(element.getLocalName() != null
                    ? element.getLocalName() : element.getTagName())) {
                found.add(element);
            }
        }
        return found;
    }

    private static List<String> childTexts(Element parent, String name) {
        return children(parent, name).stream().map(PomModuleGraph::text).toList();
    }

    private static String text(Element element) {
        return element == null ? null : element.getTextContent().trim();
    }
}
