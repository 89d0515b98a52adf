/**
 * Taps and submits on a server-rendered screen before its code has taken it over.
 *
 * The server sends a screen's HTML with its first paint; the code arrives and hydrates it up to
 * a few seconds later on a phone. A tap in between reached nothing (React was not listening
 * yet), and Enter in a field submitted the form the browser's way, reloading the page. This
 * script goes inline into the head of every server-rendered page (server/src/http/ssr.ts; the
 * CSP allows it by its hash, security.ts). It holds back, in the capture phase, clicks on
 * controls inside #root, form submits, and Enter in a text field outside a form (the top bar's
 * search box: React's key handler is its only way to search), and keeps them; once React is listening, the web app
 * (web/src/app/earlyInput.ts) takes them and plays them again, after giving React what was typed.
 * Links are not held: the browser follows them, which is the right thing before the code is here.
 *
 * Plain ES2017 in a string: it runs before any module, and the server hashes exactly this text.
 */
export const EARLY_INPUT_GLOBAL = '__portalEarlyInput';

export const EARLY_INPUT_SCRIPT = `(function(){
var held=[],controls='button,[role=button],[role=tab],[role=switch],[role=checkbox],[role=radio],[role=menuitem],[role=option],input[type=checkbox],input[type=radio]';
function hold(event){
var target=event.target;
if(!(target instanceof Element)||!target.closest('#root'))return;
var kept;
if(event.type==='submit'){kept={form:target,submitter:event.submitter||null};}
else if(event.type==='keydown'){if(event.key!=='Enter'||event.isComposing||!(target instanceof HTMLInputElement)||!/^(text|search|email|tel|url|number|password)$/.test(target.type)||target.form)return;kept={enter:target};}
else{var control=target.closest(controls);if(!control||control.disabled)return;kept={control:control};}
event.preventDefault();event.stopImmediatePropagation();held.push(kept);
}
document.addEventListener('click',hold,true);
document.addEventListener('submit',hold,true);
document.addEventListener('keydown',hold,true);
window.${EARLY_INPUT_GLOBAL}={take:function(){
document.removeEventListener('click',hold,true);
document.removeEventListener('submit',hold,true);
document.removeEventListener('keydown',hold,true);
return held.splice(0);
}};
})();`;
