import { priceLabelOf } from '../catalogue/price.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import type { SampleAnswer } from '../samples/sampleRunner.ts';
import { escapeHtml } from './html.ts';

/** The home page's search box: the search's free sample question, what was asked, and the sample's answer. */
export interface SearchTrial {
  route: RouteDefinition;
  /** The question the free sample answers (the route's declared example). */
  example: string;
  /** What the visitor sent; null before the form is sent. */
  asked: string | null;
  /** The sample's answer when the question asked is the sample's; null otherwise. */
  answer: SampleAnswer | null;
}

/** The answer as received: status, the three headers that prove it, the body as indented JSON. */
function signedAnswer(answer: SampleAnswer): string {
  let pretty = answer.body;
  try {
    pretty = JSON.stringify(JSON.parse(answer.body), null, 2);
  } catch {
    // shown as received
  }
  const proof = answer.signature
    ? `<dl id="essai-signature">
<dt><code>Signature-Input</code></dt><dd><code>${escapeHtml(answer.signature.signatureInput)}</code></dd>
<dt><code>Signature</code></dt><dd><code>${escapeHtml(answer.signature.signature)}</code></dd>
<dt><code>Content-Digest</code></dt><dd><code>${escapeHtml(answer.signature.contentDigest)}</code></dd>
</dl>`
    : '<p>Réponse non signée (refus). / Unsigned answer (a refusal).</p>';
  return `<article id="essai-reponse" aria-label="Réponse signée / Signed answer">
<header>HTTP ${answer.status} · échantillon gratuit, jamais facturé / free sample, never charged</header>
${proof}
<pre tabindex="0" aria-label="Corps de la réponse / Response body"><code>${escapeHtml(pretty)}</code></pre>
</article>`;
}

/** Another question than the sample's: it is a paid search, and how to ask it with a key. */
function paidQuestion(trial: SearchTrial, serverUrl: string): string {
  const url = `${serverUrl}${trial.route.path}?${new URLSearchParams({ q: trial.asked ?? '' }).toString()}`;
  return `<p id="essai-payant" role="status">L’essai gratuit répond à la question d’exemple « ${escapeHtml(trial.example)} » sur les données de démonstration ;
toute autre question est une recherche payante (${escapeHtml(priceLabelOf(trial.route))}), avec une clé :
<span lang="en">The free trial answers the example question; any other question is a paid search, with a key:</span></p>
<pre><code>curl -H 'X-Api-Key: rk_…' '${escapeHtml(url)}'</code></pre>`;
}

/** The search box (a form sent to `/`, no script) and, once sent, what it answered. */
export function searchTrialSection(trial: SearchTrial, serverUrl: string): string {
  const value = trial.asked ?? trial.example;
  let result = '';
  if (trial.asked !== null)
    result = trial.answer ? signedAnswer(trial.answer) : paidQuestion(trial, serverUrl);
  return `<section id="essai" aria-labelledby="essai-titre">
<h2 id="essai-titre">Essayer la recherche / Try the search</h2>
<form method="get" action="/">
<label for="q">Nom, SIREN ou TVA d’une entreprise française (essai gratuit : « ${escapeHtml(trial.example)} ») / French company name, SIREN or VAT number</label>
<div role="search">
<input type="search" id="q" name="q" value="${escapeHtml(value)}" maxlength="100" required>
<button type="submit">Rechercher / Search</button>
</div>
</form>
${result}
</section>`;
}
