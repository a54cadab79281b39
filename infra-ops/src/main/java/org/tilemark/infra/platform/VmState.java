package org.tilemark.infra.platform;

public enum VmState { DEPLOYED, RUNNING, STOPPED, FAILED, DESTROYED }
