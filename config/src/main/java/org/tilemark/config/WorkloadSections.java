package org.tilemark.config;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the record component holding every workload's own section by name ({@code workloads.<name>}), each bound
 * onto its {@link WorkloadConfig#sectionType()}; the keys allowed are the names of the workloads found.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
@interface WorkloadSections {
}
