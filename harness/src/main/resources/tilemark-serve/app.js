// The live page: the token comes once in the URL, is kept for this tab only and removed from the
// address bar; every API call sends it. Data is shown with textContent only (bundle names are not markup).
'use strict';
(function () {
  const given = new URLSearchParams(location.search).get('token');
  if (given) {
    sessionStorage.setItem('tilemark-token', given);
    history.replaceState(null, '', location.pathname);
  }
  const token = sessionStorage.getItem('tilemark-token') || '';
  const auth = { headers: { Authorization: 'Bearer ' + token } };
  const $ = (id) => document.getElementById(id);

  function cell(row, text, cls) {
    const td = document.createElement('td');
    td.textContent = text === null || text === undefined ? '' : String(text);
    if (cls) td.className = cls;
    row.appendChild(td);
  }
  function fill(table, items, render) {
    const body = $(table).querySelector('tbody');
    body.replaceChildren();
    items.forEach((item) => { const tr = document.createElement('tr'); render(tr, item); body.appendChild(tr); });
  }
  const num = (v, digits) => (v === null || v === undefined ? '' : Number(v).toFixed(digits));

  function show(view) {
    const i = view.interval;
    $('status').textContent = view.status + (view.runId ? ' — run ' + view.runId : '');
    $('phase').textContent = !i ? '' : i.warmup ? 'warm-up' : 'phase ' + i.phase + ' of ' + i.phases;
    $('left').textContent = !i ? '' : ', ' + i.phaseSecondsLeft + ' s left in it, ' + i.runSecondsLeft + ' s left in the run';
    fill('workloads', i ? i.workloads : [], (tr, w) => {
      cell(tr, w.tile); cell(tr, w.workload);
      cell(tr, num(w.throughput, 1) + ' ' + w.metricUnit, 'num'); cell(tr, num(w.target, 1), 'num');
      cell(tr, w.headlineOperation); cell(tr, num(w.p95Ms, 0), 'num'); cell(tr, num(w.p90Ms, 0), 'num');
      cell(tr, w.qosLimitMs === null ? '' : 'p' + w.qosPercentile + ' ≤ ' + num(w.qosLimitMs, 0) + ' ms', 'num');
      cell(tr, w.qosPassed ? 'passing' : 'FAILING: ' + w.qosReasons.join('; '), w.qosPassed ? 'pass' : 'fail');
      cell(tr, num(w.scheduleLagP99Ms, 0), 'num'); cell(tr, w.errors, 'num');
    });
    fill('operations', view.operations.slice().reverse(), (tr, op) => {
      cell(tr, op.end); cell(tr, op.operation); cell(tr, op.vm);
      cell(tr, op.from ? op.from.host + ' ' + op.from.datastore : ''); cell(tr, op.to ? op.to.host + ' ' + op.to.datastore : '');
      cell(tr, num(op.durationMs / 1000, 1), 'num'); cell(tr, op.outcome + (op.error ? ': ' + op.error : ''), op.outcome === 'failed' ? 'fail' : '');
    });
    $('verdict').textContent = view.verdict ? 'Verdict: ' + view.verdict + (view.scoreLine ? ' — ' + view.scoreLine : '') : '';
    $('stop').disabled = view.status !== 'running';
    if (view.status === 'finished') loadBundles();
  }

  function loadBundles() {
    fetch('api/bundles', auth).then((r) => (r.ok ? r.json() : Promise.reject(r.status))).then((bundles) => {
      fill('bundles', bundles, (tr, b) => {
        cell(tr, b.id); cell(tr, b.startedAt); cell(tr, b.verdict, b.verdict === 'compliant' ? 'pass' : '');
        cell(tr, b.scoreLine || b.problem);
      });
    }).catch((status) => { $('problem').textContent = 'results: HTTP ' + status + (status === 401 ? ' (open the URL the server printed)' : ''); });
  }

  $('stop').addEventListener('click', () => {
    if (!confirm('Stop the run? Measured intervals are kept; the verdict will be "aborted".')) return;
    fetch('api/run/stop', { method: 'POST', headers: auth.headers })
      .then((r) => { $('status').textContent = r.ok ? 'stopping ...' : 'stop refused: HTTP ' + r.status; });
  });

  const events = new EventSource('api/live/events?token=' + encodeURIComponent(token));
  events.addEventListener('live', (e) => show(JSON.parse(e.data)));
  events.onerror = () => { $('status').textContent += ' (server not reachable: the last state stays shown)'; events.close(); };
  loadBundles();
})();
