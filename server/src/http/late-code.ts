/**
 * A server-rendered screen asks for its code only after its first paint (issue 20).
 *
 * The screen paints from its HTML; the code (the entry module and the screen's ~20 chunks) only
 * takes it over. Asked for by the head, those chunks arrived while the browser laid the page out
 * for the first time, and V8 parsed and compiled them on its background threads meanwhile: on a
 * two-core machine the first layout took 200 ms instead of ~50 (traced in `bench:web`), and a
 * phone's first paint waited for it. Lighthouse's simulated phone counts every request that ended
 * before the largest paint as part of it. So the page carries its scripts as data, and an inline
 * loader at the end of <body> adds them once the first contentful paint is reported (a browser
 * without paint timing: two animation frames; none at all after 3 s: then) — or at once when the
 * page is hidden (a background tab paints no frames). The chunks are asked for in slices of
 * 4 ms (each insertion starts a request: 20 in one task were a 40 ms task on a phone), and the
 * entry runs once all of them are here, so its evaluation is not slowed by their arrival (a
 * browser without modulepreload runs the entry at once: it fetches its imports itself). Taps
 * and submits meanwhile are held and played again after hydration (early-input.ts).
 *
 * Plain ES2017 in a string: the CSP allows it by the hash of exactly this text (security.ts).
 */
export const LATE_CODE_ELEMENT_ID = 'late-code';

export const LATE_CODE_SCRIPT = `(function(){
var d=document,data=d.getElementById('${LATE_CODE_ELEMENT_ID}'),started=false;
if(!data)return;
var code=JSON.parse(data.textContent),files=[code.entry].concat(code.preloads),next=0,waiting=files.length,channel=new MessageChannel();
function run(){var entry=d.createElement('script');entry.type='module';entry.crossOrigin='';entry.src=code.entry;d.head.appendChild(entry);}
function loaded(){if(--waiting===0)run();}
function add(){
var until=performance.now()+4;
while(next<files.length&&performance.now()<until){var link=d.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=files[next++];link.onload=link.onerror=loaded;d.head.appendChild(link);}
if(next<files.length)channel.port2.postMessage(0);
}
channel.port1.onmessage=add;
var fallback=setTimeout(start,3000);
var links=d.createElement('link').relList,preloads=!!(links&&links.supports&&links.supports('modulepreload'));
function start(){if(!started){started=true;clearTimeout(fallback);if(preloads)add();else run();}}
if(d.visibilityState==='hidden'){start();return;}
d.addEventListener('visibilitychange',start,{once:true});
var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];
if(types.indexOf('paint')<0){requestAnimationFrame(function(){requestAnimationFrame(start);});return;}
new PerformanceObserver(function(list,observer){
if(list.getEntriesByName('first-contentful-paint').length>0){observer.disconnect();start();}
}).observe({type:'paint',buffered:true});
})();`;

const ENTRY = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * The build's entry script and modulepreloads taken out of <head> and listed for the loader at
 * the end of <body>, in their order, then the screen's own `chunks` (route-preloads.ts). A page
 * without an entry script is returned as it is.
 */
export function withLateCode(html: string, chunks: readonly string[] = []): string {
  const entry = ENTRY.exec(html);
  if (!entry || !/<\/body>/i.test(html)) {
    return html;
  }
  let out = html.replace(ENTRY, '');
  const preloads: string[] = [];
  out = out.replace(MODULE_PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  for (const href of chunks) {
    if (!preloads.includes(href)) {
      preloads.push(href);
    }
  }
  // Hrefs are the build's own asset paths; `<` is escaped so no text can end the element.
  const json = JSON.stringify({ entry: entry[1], preloads }).replace(/</g, '\\u003c');
  const tags =
    `<script type="application/json" id="${LATE_CODE_ELEMENT_ID}">${json}</script>` +
    `<script>${LATE_CODE_SCRIPT}</script>`;
  return out.replace(/<\/body>/i, () => `${tags}\n  </body>`);
}
