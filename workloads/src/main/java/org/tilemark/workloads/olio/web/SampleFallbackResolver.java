package org.tilemark.workloads.olio.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Optional;
import org.springframework.core.io.Resource;
import org.springframework.web.servlet.resource.ResourceResolver;
import org.springframework.web.servlet.resource.ResourceResolverChain;
import org.tilemark.workloads.olio.db.SeedFiles;

/**
 * Serves an entity's own stored file when there is one, and otherwise the pool sample its path maps
 * to ({@link SeedFiles#sampleFor}): seeded events and persons have per-entity URLs (cached per
 * entity by browsers) without a copy of a sample image per entity on disk.
 */
final class SampleFallbackResolver implements ResourceResolver {

    @Override
    public Resource resolveResource(HttpServletRequest request, String requestPath,
            List<? extends Resource> locations, ResourceResolverChain chain) {
        Resource own = chain.resolveResource(request, requestPath, locations);
        if (own != null) {
            return own;
        }
        Optional<String> sample = SeedFiles.sampleFor(requestPath);
        return sample.map(path -> chain.resolveResource(request, path, locations)).orElse(null);
    }

    @Override
    public String resolveUrlPath(String resourcePath, List<? extends Resource> locations, ResourceResolverChain chain) {
        return chain.resolveUrlPath(resourcePath, locations);
    }
}
