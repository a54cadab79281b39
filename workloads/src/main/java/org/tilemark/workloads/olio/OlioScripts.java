package org.tilemark.workloads.olio;

/**
 * The Groovy scripts of the Olio plan. They are strings, not Java lambdas, so an exported .jmx runs
 * in stock JMeter. They read their settings from the plan's variables ({@code olio_*}) and keep each
 * user's state in its thread's variables. No {@code ${...}} inside: JMeter would substitute it.
 *
 * <p>Per-thread variables: {@code olio_op} the operation of this cycle, {@code olio_intended_ns}
 * its intended start (epoch nanoseconds), {@code olio_gap_ns} the intended gap from the previous
 * cycle's intended start, {@code olio_cycle_first} whether the cycle's first sample is still to come.
 */
final class OlioScripts {

    /** Variable holding the cycle's intended start, epoch nanoseconds. */
    static final String INTENDED_NS = "olio_intended_ns";
    static final String GAP_NS = "olio_gap_ns";
    static final String CYCLE_FIRST = "olio_cycle_first";
    static final String PREVIOUS_ACTUAL_NS = "olio_prev_actual_ns";
    static final String LOGOUT_FAILED = "olio_logout_failed";

    private OlioScripts() {
    }

    /** Once per user: where its schedule starts, and whether its browser cache starts warm. */
    static String init() {
        return """
                long originMs = Long.parseLong(vars.get('olio_origin_ms'))
                if (originMs <= 0) { originMs = System.currentTimeMillis() }
                double meanNs = Double.parseDouble(vars.get('olio_cycle_ms')) * 1.0e6d
                def random = java.util.concurrent.ThreadLocalRandom.current()
                // first intended starts spread over one mean cycle, so users do not arrive in lockstep
                vars.put('olio_next_intended_ns', String.valueOf(originMs * 1000000L + (long) (random.nextDouble() * meanNs)))
                // spread the empty-cache users evenly over the thread numbers: exactly round(n x p) of them
                int n = ctx.getThreadNum()
                double emptyShare = Double.parseDouble(vars.get('olio_empty_cache_percent')) / 100.0d
                boolean empty = Math.floor((n + 1) * emptyShare + 1.0e-9d) > Math.floor(n * emptyShare + 1.0e-9d)
                vars.put('olio_warm', empty ? 'false' : 'true')
                vars.put('olio_logged_in', 'false')
                """;
    }

    /** Every cycle: the next operation by the Markov chain, its inputs, and its intended start. */
    static String schedule() {
        return """
                // the chain's constants, built once per user instead of once per cycle
                def chain = vars.getObject('olio_chain')
                if (chain == null) {
                    chain = [ops: %s, matrix: %s, minCycleShare: %s]
                    vars.putObject('olio_chain', chain)
                }
                def ops = chain.ops
                def matrix = chain.matrix
                def random = java.util.concurrent.ThreadLocalRandom.current()
                String previous = vars.get('olio_op')
                String op = '%s'
                if (previous != null) {
                    def row = matrix[ops.indexOf(previous)]
                    double draw = random.nextDouble() * row.sum()
                    op = ops[ops.size() - 1]
                    for (int i = 0; i < row.size(); i++) {
                        draw -= row[i]
                        if (draw < 0) { op = ops[i]; break }
                    }
                }
                vars.put('olio_op', op)
                boolean loggedIn = vars.get('olio_logged_in') == 'true'
                // Faban: a Login while logged in is a logout followed by a login
                vars.put('olio_logout_first', String.valueOf(op == 'Login' && loggedIn))
                vars.put('olio_logout_failed', 'false')
                double attendPercent = Double.parseDouble(vars.get('olio_attend_percent'))
                vars.put('olio_attend', String.valueOf(op == 'EventDetail' && loggedIn && random.nextDouble() * 100.0d < attendPercent))
                int loadedUsers = Integer.parseInt(vars.get('olio_loaded_users'))
                int tags = Integer.parseInt(vars.get('olio_tags'))
                vars.put('olio_user', String.valueOf(1 + random.nextInt(loadedUsers)))
                // Faban: events from the page just seen; tags and people uniformly over all of them
                def seenEvents = vars.getObject('olio_seen_events')
                vars.put('olio_event_id', seenEvents ? seenEvents[random.nextInt(seenEvents.size())] : '1')
                vars.put('olio_person_id', String.valueOf(1 + random.nextInt(loadedUsers)))
                vars.put('olio_tag', 'tag' + (1 + random.nextInt(tags)))
                // the forms' fields: drawn only for the operations that post them
                if (op == 'AddPerson' || op == 'AddEvent') {
                    String unique = Long.toString(System.nanoTime(), 36) + ctx.getThreadNum() + random.nextInt(1000000)
                    vars.put('olio_unique', unique)
                }
                if (op == 'AddEvent') {
                    vars.put('olio_event_tags', (1..3).collect { 'tag' + (1 + random.nextInt(tags)) }.unique().join(' '))
                    def when = java.time.LocalDateTime.now().plusDays(1 + random.nextInt(300))
                    vars.put('olio_year', String.valueOf(when.getYear()))
                    vars.put('olio_month', String.valueOf(when.getMonthValue()))
                    vars.put('olio_day', String.valueOf(when.getDayOfMonth()))
                    vars.put('olio_hour', String.valueOf(7 + random.nextInt(15)))
                    vars.put('olio_minute', String.valueOf(15 * random.nextInt(4)))
                }
                // Faban: the gap before an operation is drawn for that operation: negative exponential,
                // truncated at maxCycleFactor x mean, never below the operation's minimum (AddEvent 3 s of 5 s)
                double meanNs = Double.parseDouble(vars.get('olio_cycle_ms')) * 1.0e6d
                double maxNs = meanNs * Double.parseDouble(vars.get('olio_max_cycle_factor'))
                double minNs = (chain.minCycleShare[op] ?: 0.0d) * meanNs
                long gap = (long) Math.max(minNs, Math.min(-meanNs * Math.log(1.0d - random.nextDouble()), maxNs))
                String lastIntended = vars.get('olio_intended_ns')
                long intended
                if (lastIntended == null) {
                    // A user arrives once its thread is up and its cache primed: on a busy machine JMeter
                    // can take seconds to get there, and the schedule starts then instead of behind.
                    intended = Math.max(Long.parseLong(vars.get('olio_next_intended_ns')), System.currentTimeMillis() * 1000000L)
                } else {
                    intended = Long.parseLong(lastIntended) + gap
                }
                vars.put('olio_gap_ns', lastIntended == null ? '' : String.valueOf(gap))
                vars.put('olio_intended_ns', String.valueOf(intended))
                vars.put('olio_cycle_first', 'true')
                """.formatted(OlioMarkovChain.groovyOperations(), OlioMarkovChain.groovyMatrix(),
                OlioMarkovChain.groovyMinCycleShares(), OlioMarkovChain.FIRST_OPERATION);
    }

    /**
     * The timer: waits until the cycle's intended start, computed from the variable, so a slow
     * response shortens the next wait instead of shifting the whole schedule.
     */
    static String waitForIntendedStart() {
        return """
                long intended = Long.parseLong(vars.get('olio_intended_ns'))
                def now = java.time.Instant.now()
                long nowNs = now.getEpochSecond() * 1000000000L + now.getNano()
                return Math.max(0L, (long) Math.ceil((intended - nowNs) / 1.0e6d))
                """;
    }

    /**
     * After every request: remember the events the page links to (EventDetail picks from them, as a
     * browsing user would), track the login state, empty the browser cache after a Logout, and fail a
     * Login the application refused.
     */
    static String afterRequest() {
        return """
                if (prev == null) { return }
                String label = prev.getSampleLabel()
                // only the pages read below are decoded: the others' bodies are not looked at
                if (label == 'HomePage' || label == 'TagSearch') {
                    def eventLink = vars.getObject('olio_event_link')
                    if (eventLink == null) {
                        eventLink = java.util.regex.Pattern.compile('href="/events/(\\\\d+)"')
                        vars.putObject('olio_event_link', eventLink)
                    }
                    def found = new LinkedHashSet()
                    def matcher = eventLink.matcher(prev.getResponseDataAsString())
                    while (matcher.find()) { found << matcher.group(1) }
                    if (!found.isEmpty()) { vars.putObject('olio_seen_events', new ArrayList(found)) }
                }
                if (label == 'Login') {
                    boolean accepted = prev.isSuccessful() && !prev.getResponseDataAsString().contains('login-failed')
                    if (prev.isSuccessful() && !accepted) {
                        prev.setSuccessful(false)
                        prev.setResponseMessage('login refused')
                    }
                    vars.put('olio_logged_in', String.valueOf(accepted))
                }
                if (label == 'Logout') {
                    vars.put('olio_logged_in', 'false')
                    // Faban starts the next session with an empty browser cache. CacheManager.clear() would
                    // also wipe the manager's settings; its per-iteration clearing empties only the cache.
                    def cache = sampler.getCacheManager()
                    if (cache != null) {
                        cache.setClearEachIteration(true)
                        cache.testIterationStart(null)
                        cache.setClearEachIteration(false)
                    }
                }
                """;
    }
}
