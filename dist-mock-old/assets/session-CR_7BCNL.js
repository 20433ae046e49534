import{n as e,r as t}from"./rolldown-runtime-XKyaHtl9.js";import{a as n,t as r}from"./react-zZdWGxcG.js";import{C as i,D as a,E as o,O as s,S as c,T as l,_ as u,b as d,d as f,f as p,g as m,h,k as g,o as _,r as v,w as y,y as b}from"./client-DMJkTaM1.js";import{n as x,r as S,t as ee}from"./failure-UgO9JrGE.js";import{b as C,d as te,f as ne,h as w,u as T,v as E}from"./index-DY5R84TR.js";import{O as re,x as D}from"./two-factor-81CRK6fC.js";import{_ as ie,c as O}from"./schemas-Bplin2Us.js";import{c as k,d as A,h as ae,m as oe,n as se,p as ce,t as le}from"./toast-bridge-DEwx_wso.js";import{d as ue}from"./chunk-6KYCQHYJ-BGMscwSM.js";import{t as de}from"./dist-CUzC0uEd.js";import{f as j,s as fe,u as pe}from"./i18n-DK7g0Elt.js";import{i as me,o as he,r as ge,t as _e}from"./services-BTLrrphB.js";var M=t(n(),1);function ve(e){var t,n,r=``;if(typeof e==`string`||typeof e==`number`)r+=e;else if(typeof e==`object`){if(Array.isArray(e)){var i=e.length;for(t=0;t<i;t++)e[t]&&(n=ve(e[t]))&&(r&&(r+=` `),r+=n)}else for(n in e)e[n]&&(r&&(r+=` `),r+=n)}return r}function N(){for(var e,t,n=0,r=``,i=arguments.length;n<i;n++)(e=arguments[n])&&(t=ve(e))&&(r&&(r+=` `),r+=t);return r}var P=e=>typeof e==`number`&&!isNaN(e),F=e=>typeof e==`string`,I=e=>typeof e==`function`,ye=e=>F(e)||P(e),be=e=>F(e)||I(e)?e:null,xe=(e,t)=>e===!1||P(e)&&e>0?e:t,L=e=>(0,M.isValidElement)(e)||F(e)||I(e)||P(e);function Se(e,t,n=300){let{scrollHeight:r,style:i}=e;requestAnimationFrame(()=>{i.minHeight=`initial`,i.height=r+`px`,i.transition=`all ${n}ms`,requestAnimationFrame(()=>{i.height=`0`,i.padding=`0`,i.margin=`0`,setTimeout(t,n)})})}function R({enter:e,exit:t,appendPosition:n=!1,collapse:r=!0,collapseDuration:i=300}){return function({children:a,position:o,preventExitTransition:s,done:c,nodeRef:l,isIn:u,playToast:d}){let f=n?`${e}--${o}`:e,p=n?`${t}--${o}`:t,m=(0,M.useRef)(0);return(0,M.useLayoutEffect)(()=>{let e=l.current,t=f.split(` `),n=r=>{r.target===l.current&&(d(),e.removeEventListener(`animationend`,n),e.removeEventListener(`animationcancel`,n),m.current===0&&r.type!==`animationcancel`&&e.classList.remove(...t))};e.classList.add(...t),e.addEventListener(`animationend`,n),e.addEventListener(`animationcancel`,n)},[]),(0,M.useEffect)(()=>{let e=l.current,t=()=>{e.removeEventListener(`animationend`,t),r?Se(e,c,i):c()};u||(s?t():(m.current=1,e.className+=` ${p}`,e.addEventListener(`animationend`,t)))},[u]),M.createElement(M.Fragment,null,a)}}function Ce(e,t){return{content:we(e.content,e.props),containerId:e.props.containerId,id:e.props.toastId,theme:e.props.theme,type:e.props.type,data:e.props.data||{},isLoading:e.props.isLoading,icon:e.props.icon,reason:e.removalReason,status:t}}function we(e,t,n=!1){return(0,M.isValidElement)(e)&&!F(e.type)?(0,M.cloneElement)(e,{closeToast:t.closeToast,toastProps:t,data:t.data,isPaused:n}):I(e)?e({closeToast:t.closeToast,toastProps:t,data:t.data,isPaused:n}):e}function Te({closeToast:e,theme:t,ariaLabel:n=`close`}){return M.createElement(`button`,{className:`Toastify__close-button Toastify__close-button--${t}`,type:`button`,onClick:t=>{t.stopPropagation(),e(!0)},"aria-label":n},M.createElement(`svg`,{"aria-hidden":`true`,viewBox:`0 0 14 16`},M.createElement(`path`,{fillRule:`evenodd`,d:`M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z`})))}function Ee({delay:e,isRunning:t,closeToast:n,type:r=`default`,hide:i,className:a,controlledProgress:o,progress:s,rtl:c,isIn:l,theme:u}){let d=i||o&&s===0,f={animationDuration:`${e}ms`,animationPlayState:t?`running`:`paused`};o&&(f.transform=`scaleX(${s})`);let p=N(`Toastify__progress-bar`,o?`Toastify__progress-bar--controlled`:`Toastify__progress-bar--animated`,`Toastify__progress-bar-theme--${u}`,`Toastify__progress-bar--${r}`,{"Toastify__progress-bar--rtl":c}),m=I(a)?a({rtl:c,type:r,defaultClassName:p}):N(p,a),h={[o&&s>=1?`onTransitionEnd`:`onAnimationEnd`]:o&&s<1?null:()=>{l&&n()}};return M.createElement(`div`,{className:`Toastify__progress-bar--wrp`,"data-hidden":d},M.createElement(`div`,{className:`Toastify__progress-bar--bg Toastify__progress-bar-theme--${u} Toastify__progress-bar--${r}`}),M.createElement(`div`,{role:`progressbar`,"aria-hidden":d?`true`:`false`,"aria-label":`notification timer`,"aria-valuenow":o?Math.round(s*100):void 0,"aria-valuemin":0,"aria-valuemax":100,className:m,style:f,...h}))}var De=1,Oe=()=>`${De++}`;function ke(e,t,n){let r=1,i=0,a=[],o=[],s=t,c=new Map,l=new Set,u=e=>(l.add(e),()=>l.delete(e)),d=()=>{o=Array.from(c.values()),l.forEach(e=>e())},f=({containerId:t,toastId:n,updateId:r})=>{let i=t?t!==e:e!==1,a=c.has(n)&&r==null;return i||a},p=(e,t)=>{c.forEach(n=>{var r;t!=null&&t!==n.props.toastId||(r=n.toggle)==null||r.call(n,e)})},m=e=>{var t,r;e.isActive&&((t=e.props)==null||(r=t.onClose)==null||r.call(t,e.removalReason),e.isActive=!1,n(Ce(e,`removed`)))},h=e=>{if(e==null)c.forEach(m);else{let t=c.get(e);t&&m(t)}d()},g=()=>{i-=a.length,a=[]},_=e=>{var t,r;let{toastId:i,updateId:a}=e.props,o=a==null;e.staleId&&c.delete(e.staleId),e.isActive=!0,c.set(i,e),d(),n(Ce(e,o?`added`:`updated`)),o&&((t=(r=e.props).onOpen)==null||t.call(r))};return{id:e,props:s,observe:u,toggle:p,removeToast:h,toasts:c,clearQueue:g,buildToast:(e,t)=>{if(f(t))return;let{toastId:n,updateId:o,data:l,staleId:u,delay:p}=t,m=o==null;m&&i++;let g={...s,style:s.toastStyle,key:r++,...Object.fromEntries(Object.entries(t).filter(([e,t])=>t!=null)),toastId:n,updateId:o,data:l,isIn:!1,className:be(t.className||s.toastClassName),progressClassName:be(t.progressClassName||s.progressClassName),autoClose:!t.isLoading&&xe(t.autoClose,s.autoClose),closeToast(e){let t=c.get(n);t&&(t.removalReason=e,h(n))},deleteToast(){c.get(n)!=null&&(c.delete(n),i--,i<0&&(i=0),a.length>0?_(a.shift()):d())}};g.closeButton=s.closeButton,t.closeButton===!1||L(t.closeButton)?g.closeButton=t.closeButton:t.closeButton===!0&&(g.closeButton=!L(s.closeButton)||s.closeButton);let v={content:e,props:g,staleId:u};s.limit&&s.limit>0&&i>s.limit&&m?a.push(v):P(p)?setTimeout(()=>{_(v)},p):_(v)},setProps(e){s=e},setToggle:(e,t)=>{let n=c.get(e);n&&(n.toggle=t)},isToastActive:e=>c.get(e)?.isActive,getSnapshot:()=>o}}var z=new Map,B=[],V=new Set,Ae=e=>V.forEach(t=>t(e)),je=()=>z.size>0;function Me(){B.forEach(e=>Le(e.content,e.options)),B=[]}var Ne=(e,{containerId:t})=>z.get(t||1)?.toasts.get(e);function Pe(e,t){var n;if(t)return!!((n=z.get(t))!=null&&n.isToastActive(e));let r=!1;return z.forEach(t=>{t.isToastActive(e)&&(r=!0)}),r}function Fe(e){if(!je())B=B.filter(t=>e!=null&&t.options.toastId!==e);else if(e==null||ye(e))z.forEach(t=>{t.removeToast(e)});else if(e&&(`containerId`in e||`id`in e)){let t=z.get(e.containerId);t?t.removeToast(e.id):z.forEach(t=>{t.removeToast(e.id)})}}var Ie=(e={})=>{z.forEach(t=>{t.props.limit&&(!e.containerId||t.id===e.containerId)&&t.clearQueue()})};function Le(e,t){L(e)&&(je()||B.push({content:e,options:t}),z.forEach(n=>{n.buildToast(e,t)}))}function Re(e){var t;(t=z.get(e.containerId||1))==null||t.setToggle(e.id,e.fn)}function ze(e,t){z.forEach(n=>{t!=null&&t!=null&&t.containerId&&t?.containerId!==n.id||n.toggle(e,t?.id)})}function Be(e){let t=e.containerId||1;return{subscribe(n){let r=ke(t,e,Ae);z.set(t,r);let i=r.observe(n);return Me(),()=>{i(),z.delete(t)}},setProps(e){var n;(n=z.get(t))==null||n.setProps(e)},getSnapshot(){return z.get(t)?.getSnapshot()}}}function Ve(e){return V.add(e),()=>{V.delete(e)}}function He(e){return e&&(F(e.toastId)||P(e.toastId))?e.toastId:Oe()}function H(e,t){return Le(e,t),t.toastId}function U(e,t){return{...t,type:t&&t.type||e,toastId:He(t)}}function W(e){return(t,n)=>H(t,U(e,n))}function G(e,t){return H(e,U(`default`,t))}G.loading=(e,t)=>H(e,U(`default`,{isLoading:!0,autoClose:!1,closeOnClick:!1,closeButton:!1,draggable:!1,...t}));function Ue(e,{pending:t,error:n,success:r},i){let a;t&&(a=F(t)?G.loading(t,i):G.loading(t.render,{...i,...t}));let o={isLoading:null,autoClose:null,closeOnClick:null,closeButton:null,draggable:null},s=(e,t,n)=>{if(t==null){G.dismiss(a);return}let r={type:e,...o,...i,data:n},s=F(t)?{render:t}:t;return a?G.update(a,{...r,...s}):G(s.render,{...r,...s}),n},c=I(e)?e():e;return c.then(e=>s(`success`,r,e)).catch(e=>s(`error`,n,e)),c}G.promise=Ue,G.success=W(`success`),G.info=W(`info`),G.error=W(`error`),G.warning=W(`warning`),G.warn=G.warning,G.dark=(e,t)=>H(e,U(`default`,{theme:`dark`,...t}));function We(e){Fe(e)}G.dismiss=We,G.clearWaitingQueue=Ie,G.isActive=Pe,G.update=(e,t={})=>{let n=Ne(e,t);if(n){let{props:r,content:i}=n,a={delay:100,...r,...t,toastId:t.toastId||e,updateId:Oe()};a.toastId!==e&&(a.staleId=e);let o=a.render||i;delete a.render,H(o,a)}},G.done=e=>{G.update(e,{progress:1})},G.onChange=Ve,G.play=e=>ze(!0,e),G.pause=e=>ze(!1,e);function Ge(e){let{subscribe:t,getSnapshot:n,setProps:r}=(0,M.useRef)(Be(e)).current;r(e);let i=(0,M.useSyncExternalStore)(t,n,n)?.slice();function a(t){if(!i)return[];let n=new Map;return e.newestOnTop&&i.reverse(),i.forEach(e=>{let{position:t}=e.props;n.has(t)||n.set(t,[]),n.get(t).push(e)}),Array.from(n,e=>t(e[0],e[1]))}return{getToastToRender:a,isToastActive:Pe,count:i?.length}}function Ke(e){let[t,n]=(0,M.useState)(!1),[r,i]=(0,M.useState)(!1),a=(0,M.useRef)(null),o=(0,M.useRef)({start:0,delta:0,removalDistance:0,canCloseOnClick:!0,canDrag:!1,didMove:!1}).current,{autoClose:s,pauseOnHover:c,closeToast:l,onClick:u,closeOnClick:d}=e;Re({id:e.toastId,containerId:e.containerId,fn:n}),(0,M.useEffect)(()=>{if(e.pauseOnFocusLoss)return f(),()=>{p()}},[e.pauseOnFocusLoss]);function f(){document.hasFocus()||_(),window.addEventListener(`focus`,g),window.addEventListener(`blur`,_)}function p(){window.removeEventListener(`focus`,g),window.removeEventListener(`blur`,_)}function m(t){if(e.draggable===!0||e.draggable===t.pointerType){v();let n=a.current;o.canCloseOnClick=!0,o.canDrag=!0,n.style.transition=`none`,e.draggableDirection===`x`?(o.start=t.clientX,o.removalDistance=n.offsetWidth*(e.draggablePercent/100)):(o.start=t.clientY,o.removalDistance=n.offsetHeight*(e.draggablePercent===80?e.draggablePercent*1.5:e.draggablePercent)/100)}}function h(t){let{top:n,bottom:r,left:i,right:o}=a.current.getBoundingClientRect();t.pointerType===`mouse`&&e.pauseOnHover&&t.clientX>=i&&t.clientX<=o&&t.clientY>=n&&t.clientY<=r?_():g()}function g(){n(!0)}function _(){n(!1)}function v(){o.didMove=!1,document.addEventListener(`pointermove`,b),document.addEventListener(`pointerup`,x)}function y(){document.removeEventListener(`pointermove`,b),document.removeEventListener(`pointerup`,x)}function b(n){let r=a.current;if(o.canDrag&&r){o.didMove=!0,t&&_(),e.draggableDirection===`x`?o.delta=n.clientX-o.start:o.delta=n.clientY-o.start,o.start!==n.clientX&&(o.canCloseOnClick=!1);let i=e.draggableDirection===`x`?`${o.delta}px, var(--y)`:`0, calc(${o.delta}px + var(--y))`;r.style.transform=`translate3d(${i},0)`,r.style.opacity=`${1-Math.abs(o.delta/o.removalDistance)}`}}function x(){y();let t=a.current;if(o.canDrag&&o.didMove&&t){if(o.canDrag=!1,Math.abs(o.delta)>o.removalDistance){i(!0),e.closeToast(!0),e.collapseAll();return}t.style.transition=`transform 0.2s, opacity 0.2s`,t.style.removeProperty(`transform`),t.style.removeProperty(`opacity`)}}let S={onPointerDown:m,onPointerUp:h};return s&&c&&(S.onMouseEnter=_,e.stacked||(S.onMouseLeave=g)),d&&(S.onClick=e=>{u&&u(e),o.canCloseOnClick&&l(!0)}),{playToast:g,pauseToast:_,isRunning:t,preventExitTransition:r,toastRef:a,eventHandlers:S}}var qe=typeof window<`u`?M.useLayoutEffect:M.useEffect,K=({theme:e,type:t,isLoading:n,...r})=>M.createElement(`svg`,{viewBox:`0 0 24 24`,width:`100%`,height:`100%`,fill:e===`colored`?`currentColor`:`var(--toastify-icon-color-${t})`,...r});function Je(e){return M.createElement(K,e,M.createElement(`path`,{d:`M23.32 17.191L15.438 2.184C14.728.833 13.416 0 11.996 0c-1.42 0-2.733.833-3.443 2.184L.533 17.448a4.744 4.744 0 000 4.368C1.243 23.167 2.555 24 3.975 24h16.05C22.22 24 24 22.044 24 19.632c0-.904-.251-1.746-.68-2.44zm-9.622 1.46c0 1.033-.724 1.823-1.698 1.823s-1.698-.79-1.698-1.822v-.043c0-1.028.724-1.822 1.698-1.822s1.698.79 1.698 1.822v.043zm.039-12.285l-.84 8.06c-.057.581-.408.943-.897.943-.49 0-.84-.367-.896-.942l-.84-8.065c-.057-.624.25-1.095.779-1.095h1.91c.528.005.84.476.784 1.1z`}))}function Ye(e){return M.createElement(K,e,M.createElement(`path`,{d:`M12 0a12 12 0 1012 12A12.013 12.013 0 0012 0zm.25 5a1.5 1.5 0 11-1.5 1.5 1.5 1.5 0 011.5-1.5zm2.25 13.5h-4a1 1 0 010-2h.75a.25.25 0 00.25-.25v-4.5a.25.25 0 00-.25-.25h-.75a1 1 0 010-2h1a2 2 0 012 2v4.75a.25.25 0 00.25.25h.75a1 1 0 110 2z`}))}function Xe(e){return M.createElement(K,e,M.createElement(`path`,{d:`M12 0a12 12 0 1012 12A12.014 12.014 0 0012 0zm6.927 8.2l-6.845 9.289a1.011 1.011 0 01-1.43.188l-4.888-3.908a1 1 0 111.25-1.562l4.076 3.261 6.227-8.451a1 1 0 111.61 1.183z`}))}function Ze(e){return M.createElement(K,e,M.createElement(`path`,{d:`M11.983 0a12.206 12.206 0 00-8.51 3.653A11.8 11.8 0 000 12.207 11.779 11.779 0 0011.8 24h.214A12.111 12.111 0 0024 11.791 11.766 11.766 0 0011.983 0zM10.5 16.542a1.476 1.476 0 011.449-1.53h.027a1.527 1.527 0 011.523 1.47 1.475 1.475 0 01-1.449 1.53h-.027a1.529 1.529 0 01-1.523-1.47zM11 12.5v-6a1 1 0 012 0v6a1 1 0 11-2 0z`}))}function Qe(){return M.createElement(`div`,{className:`Toastify__spinner`})}var q={info:Ye,warning:Je,success:Xe,error:Ze,spinner:Qe},$e=e=>e in q;function et({theme:e,type:t,isLoading:n,icon:r}){let i=null,a={theme:e,type:t};return r===!1||(I(r)?i=r({...a,isLoading:n}):(0,M.isValidElement)(r)?i=(0,M.cloneElement)(r,a):n?i=q.spinner():$e(t)&&(i=q[t](a))),i}var J=(e,t=!1)=>({enter:`Toastify--animate Toastify__${e}-enter`,exit:`Toastify--animate Toastify__${e}-exit`,appendPosition:t}),tt=({children:e,isIn:t,done:n,playToast:r})=>((0,M.useLayoutEffect)(()=>{r()},[]),(0,M.useEffect)(()=>{t||n()},[t]),M.createElement(M.Fragment,null,e)),nt=R(J(`bounce`,!0));R(J(`slide`,!0)),R(J(`zoom`)),R(J(`flip`));var rt=e=>{let{isRunning:t,preventExitTransition:n,toastRef:r,eventHandlers:i,playToast:a}=Ke(e),{closeButton:o,children:s,autoClose:c,onClick:l,type:u,hideProgressBar:d,closeToast:f,transition:p,position:m,className:h,style:g,progressClassName:_,updateId:v,role:y,progress:b,rtl:x,toastId:S,deleteToast:ee,isIn:C,isLoading:te,closeOnClick:ne,theme:w,ariaLabel:T}=e,E=N(`Toastify__toast`,`Toastify__toast-theme--${w}`,`Toastify__toast--${u}`,{"Toastify__toast--rtl":x},{"Toastify__toast--close-on-click":ne}),re=I(h)?h({rtl:x,position:m,type:u,defaultClassName:E}):N(E,h),D=et(e),ie=p||tt,O=!!b||!c,k={closeToast:f,type:u,theme:w},A=null;return o===!1||(A=I(o)?o(k):(0,M.isValidElement)(o)?(0,M.cloneElement)(o,k):Te(k)),M.createElement(ie,{isIn:C,done:ee,position:m,preventExitTransition:n,nodeRef:r,playToast:a},M.createElement(`div`,{id:S,tabIndex:0,onClick:l,"data-in":C,className:re,...i,style:g,ref:r,...C&&{role:y,"aria-label":T}},D!=null&&M.createElement(`div`,{className:N(`Toastify__toast-icon`,{"Toastify--animate-icon Toastify__zoom-enter":!te})},D),we(s,e,!t),A,!e.customProgressBar&&M.createElement(Ee,{...v&&!O?{key:`p-${v}`}:{},rtl:x,theme:w,delay:c,isRunning:t,isIn:C,closeToast:f,hide:d,type:u,className:_,controlledProgress:O,progress:b||0})))},it={position:`top-right`,transition:nt,autoClose:5e3,closeButton:!0,pauseOnHover:!0,pauseOnFocusLoss:!0,draggable:`touch`,draggablePercent:80,draggableDirection:`x`,role:`alert`,theme:`light`,"aria-label":`Notifications Alt+T`,hotKeys:e=>e.altKey&&e.code===`KeyT`};function at(e){let t={...it,...e},n=e.stacked,[r,i]=(0,M.useState)(!0),a=(0,M.useRef)(null),{getToastToRender:o,isToastActive:s,count:c}=Ge(t),{className:l,style:u,rtl:d,containerId:f,hotKeys:p}=t;function m(e){let t=N(`Toastify__toast-container`,`Toastify__toast-container--${e}`,{"Toastify__toast-container--rtl":d});return I(l)?l({position:e,rtl:d,defaultClassName:t}):N(t,be(l))}function h(){n&&(i(!0),G.play())}return qe(()=>{if(n){let e=a.current.querySelectorAll(`[data-in="true"]`),n=t.position?.includes(`top`),i=0,o=0;Array.from(e).reverse().forEach((e,t)=>{let a=e;a.classList.add(`Toastify__toast--stacked`),t>0&&(a.dataset.collapsed=`${r}`),a.dataset.pos||(a.dataset.pos=n?`top`:`bot`);let s=i*(r?.2:1)+(r?0:12*t),c=Math.max(.5,1-(r?o:0));a.style.setProperty(`--y`,`${n?s:s*-1}px`),a.style.setProperty(`--g`,`12`),a.style.setProperty(`--s`,`${c}`),i+=a.offsetHeight,o+=.025})}},[r,c,n]),(0,M.useEffect)(()=>{function e(e){let t=a.current;if(p(e)){var n;t==null||(n=t.querySelector(`[tabIndex="0"]`))==null||n.focus(),i(!1),G.pause()}e.key===`Escape`&&(document.activeElement===t||t!=null&&t.contains(document.activeElement))&&(i(!0),G.play())}return document.addEventListener(`keydown`,e),()=>{document.removeEventListener(`keydown`,e)}},[p]),M.createElement(`section`,{ref:a,className:`Toastify`,id:f,onMouseEnter:()=>{n&&(i(!1),G.pause())},onMouseLeave:h,"aria-live":`polite`,"aria-atomic":`false`,"aria-relevant":`additions text`,"aria-label":t[`aria-label`]},o((e,t)=>{let r=t.length?{...u}:{...u,pointerEvents:`none`};return M.createElement(`div`,{tabIndex:-1,className:m(e),"data-stacked":n,style:r,key:`c-${e}`},t.map(({content:e,props:t})=>M.createElement(rt,{...t,stacked:n,collapseAll:h,isIn:s(t.toastId,t.containerId),key:`t-${t.key}`},e)))}))}var ot=`:root {
  --toastify-color-light: #fff;
  --toastify-color-dark: #121212;
  --toastify-color-info: #3498db;
  --toastify-color-success: #07bc0c;
  --toastify-color-warning: #f1c40f;
  --toastify-color-error: hsl(6, 78%, 57%);
  --toastify-color-transparent: rgba(255, 255, 255, 0.7);

  --toastify-icon-color-info: var(--toastify-color-info);
  --toastify-icon-color-success: var(--toastify-color-success);
  --toastify-icon-color-warning: var(--toastify-color-warning);
  --toastify-icon-color-error: var(--toastify-color-error);

  --toastify-container-width: fit-content;
  --toastify-toast-width: 320px;
  --toastify-toast-offset: 16px;
  --toastify-toast-top: max(var(--toastify-toast-offset), env(safe-area-inset-top));
  --toastify-toast-right: max(var(--toastify-toast-offset), env(safe-area-inset-right));
  --toastify-toast-left: max(var(--toastify-toast-offset), env(safe-area-inset-left));
  --toastify-toast-bottom: max(var(--toastify-toast-offset), env(safe-area-inset-bottom));
  --toastify-toast-background: #fff;
  --toastify-toast-padding: 14px;
  --toastify-toast-min-height: 64px;
  --toastify-toast-max-height: 800px;
  --toastify-toast-bd-radius: 6px;
  --toastify-toast-shadow: 0px 4px 12px rgba(0, 0, 0, 0.1);
  --toastify-font-family: sans-serif;
  --toastify-z-index: 9999;
  --toastify-text-color-light: #757575;
  --toastify-text-color-dark: #fff;

  /* Used only for colored theme */
  --toastify-text-color-info: #fff;
  --toastify-text-color-success: #fff;
  --toastify-text-color-warning: #fff;
  --toastify-text-color-error: #fff;

  --toastify-spinner-color: #616161;
  --toastify-spinner-color-empty-area: #e0e0e0;
  --toastify-color-progress-light: linear-gradient(to right, #4cd964, #5ac8fa, #007aff, #34aadc, #5856d6, #ff2d55);
  --toastify-color-progress-dark: #bb86fc;
  --toastify-color-progress-info: var(--toastify-color-info);
  --toastify-color-progress-success: var(--toastify-color-success);
  --toastify-color-progress-warning: var(--toastify-color-warning);
  --toastify-color-progress-error: var(--toastify-color-error);
  /* used to control the opacity of the progress trail */
  --toastify-color-progress-bgo: 0.2;
}

.Toastify__toast-container {
  z-index: var(--toastify-z-index);
  -webkit-transform: translate3d(0, 0, var(--toastify-z-index));
  position: fixed;
  width: var(--toastify-container-width);
  box-sizing: border-box;
  color: #fff;
  display: flex;
  flex-direction: column;
}

.Toastify__toast-container--top-left {
  top: var(--toastify-toast-top);
  left: var(--toastify-toast-left);
}
.Toastify__toast-container--top-center {
  top: var(--toastify-toast-top);
  left: 50%;
  transform: translateX(-50%);
  align-items: center;
}
.Toastify__toast-container--top-right {
  top: var(--toastify-toast-top);
  right: var(--toastify-toast-right);
  align-items: end;
}
.Toastify__toast-container--bottom-left {
  bottom: var(--toastify-toast-bottom);
  left: var(--toastify-toast-left);
}
.Toastify__toast-container--bottom-center {
  bottom: var(--toastify-toast-bottom);
  left: 50%;
  transform: translateX(-50%);
  align-items: center;
}
.Toastify__toast-container--bottom-right {
  bottom: var(--toastify-toast-bottom);
  right: var(--toastify-toast-right);
  align-items: end;
}

.Toastify__toast {
  --y: 0px;
  position: relative;
  touch-action: none;
  width: var(--toastify-toast-width);
  min-height: var(--toastify-toast-min-height);
  box-sizing: border-box;
  margin-bottom: 1rem;
  padding: var(--toastify-toast-padding);
  border-radius: var(--toastify-toast-bd-radius);
  box-shadow: var(--toastify-toast-shadow);
  max-height: var(--toastify-toast-max-height);
  font-family: var(--toastify-font-family);
  /* webkit only issue #791 */
  z-index: 0;
  /* inner swag */
  display: flex;
  flex: 1 auto;
  align-items: center;
  word-break: break-word;
}

@media only screen and (max-width: 480px) {
  .Toastify__toast-container {
    width: 100vw;
    left: env(safe-area-inset-left);
    margin: 0;
  }
  .Toastify__toast-container--top-left,
  .Toastify__toast-container--top-center,
  .Toastify__toast-container--top-right {
    top: env(safe-area-inset-top);
    transform: translateX(0);
  }
  .Toastify__toast-container--bottom-left,
  .Toastify__toast-container--bottom-center,
  .Toastify__toast-container--bottom-right {
    bottom: env(safe-area-inset-bottom);
    transform: translateX(0);
  }
  .Toastify__toast-container--rtl {
    right: env(safe-area-inset-right);
    left: initial;
  }
  .Toastify__toast {
    --toastify-toast-width: 100%;
    margin-bottom: 0;
    border-radius: 0;
  }
}

.Toastify__toast-container[data-stacked='true'] {
  width: var(--toastify-toast-width);
}

@media only screen and (max-width: 480px) {
  .Toastify__toast-container[data-stacked='true'] {
    width: 100vw;
  }
}

.Toastify__toast--stacked {
  position: absolute;
  width: 100%;
  transform: translate3d(0, var(--y), 0) scale(var(--s));
  transition: transform 0.3s;
}

.Toastify__toast--stacked[data-collapsed] .Toastify__toast-body,
.Toastify__toast--stacked[data-collapsed] .Toastify__close-button {
  transition: opacity 0.1s;
}

.Toastify__toast--stacked[data-collapsed='false'] {
  overflow: visible;
}

.Toastify__toast--stacked[data-collapsed='true']:not(:last-child) > * {
  opacity: 0;
}

.Toastify__toast--stacked:after {
  content: '';
  position: absolute;
  left: 0;
  right: 0;
  height: calc(var(--g) * 1px);
  bottom: 100%;
}

.Toastify__toast--stacked[data-pos='top'] {
  top: 0;
}

.Toastify__toast--stacked[data-pos='bot'] {
  bottom: 0;
}

.Toastify__toast--stacked[data-pos='bot'].Toastify__toast--stacked:before {
  transform-origin: top;
}

.Toastify__toast--stacked[data-pos='top'].Toastify__toast--stacked:before {
  transform-origin: bottom;
}

.Toastify__toast--stacked:before {
  content: '';
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 100%;
  transform: scaleY(3);
  z-index: -1;
}

.Toastify__toast--rtl {
  direction: rtl;
}

.Toastify__toast--close-on-click {
  cursor: pointer;
}

.Toastify__toast-icon {
  margin-inline-end: 10px;
  width: 22px;
  flex-shrink: 0;
  display: flex;
}

.Toastify--animate {
  animation-fill-mode: both;
  animation-duration: 0.5s;
}

.Toastify--animate-icon {
  animation-fill-mode: both;
  animation-duration: 0.3s;
}

.Toastify__toast-theme--dark {
  background: var(--toastify-color-dark);
  color: var(--toastify-text-color-dark);
}

.Toastify__toast-theme--light {
  background: var(--toastify-color-light);
  color: var(--toastify-text-color-light);
}

.Toastify__toast-theme--auto {
  background: var(--toastify-color-light);
  color: var(--toastify-text-color-light);
}

.Toastify__toast-theme--colored.Toastify__toast--default {
  background: var(--toastify-color-light);
  color: var(--toastify-text-color-light);
}

.Toastify__toast-theme--colored.Toastify__toast--info {
  color: var(--toastify-text-color-info);
  background: var(--toastify-color-info);
}

.Toastify__toast-theme--colored.Toastify__toast--success {
  color: var(--toastify-text-color-success);
  background: var(--toastify-color-success);
}

.Toastify__toast-theme--colored.Toastify__toast--warning {
  color: var(--toastify-text-color-warning);
  background: var(--toastify-color-warning);
}

.Toastify__toast-theme--colored.Toastify__toast--error {
  color: var(--toastify-text-color-error);
  background: var(--toastify-color-error);
}

.Toastify__progress-bar-theme--light {
  background: var(--toastify-color-progress-light);
}

.Toastify__progress-bar-theme--dark {
  background: var(--toastify-color-progress-dark);
}

.Toastify__progress-bar-theme--auto {
  background: var(--toastify-color-progress-light);
}

.Toastify__progress-bar--info {
  background: var(--toastify-color-progress-info);
}

.Toastify__progress-bar--success {
  background: var(--toastify-color-progress-success);
}

.Toastify__progress-bar--warning {
  background: var(--toastify-color-progress-warning);
}

.Toastify__progress-bar--error {
  background: var(--toastify-color-progress-error);
}

.Toastify__progress-bar-theme--colored.Toastify__progress-bar--info,
.Toastify__progress-bar-theme--colored.Toastify__progress-bar--success,
.Toastify__progress-bar-theme--colored.Toastify__progress-bar--warning,
.Toastify__progress-bar-theme--colored.Toastify__progress-bar--error {
  background: var(--toastify-color-transparent);
}

.Toastify__close-button {
  color: #fff;
  position: absolute;
  top: 6px;
  right: 6px;
  background: transparent;
  outline: none;
  border: none;
  padding: 0;
  cursor: pointer;
  opacity: 0.7;
  transition: 0.3s ease;
  z-index: 1;
}

.Toastify__toast--rtl .Toastify__close-button {
  left: 6px;
  right: unset;
}

.Toastify__close-button--light {
  color: #000;
  opacity: 0.3;
}

.Toastify__close-button--auto {
  color: #000;
  opacity: 0.3;
}

@media (prefers-color-scheme: dark) {
  .Toastify__toast-theme--auto {
    background: var(--toastify-color-dark);
    color: var(--toastify-text-color-dark);
  }

  .Toastify__progress-bar-theme--auto {
    background: var(--toastify-color-progress-dark);
  }

  .Toastify__close-button--auto {
    color: #fff;
    opacity: 0.7;
  }
}

.Toastify__close-button > svg {
  fill: currentColor;
  height: 16px;
  width: 14px;
}

.Toastify__close-button:hover,
.Toastify__close-button:focus {
  opacity: 1;
}

@keyframes Toastify__trackProgress {
  0% {
    transform: scaleX(1);
  }
  100% {
    transform: scaleX(0);
  }
}

.Toastify__progress-bar {
  position: absolute;
  bottom: 0;
  left: 0;
  width: 100%;
  height: 100%;
  z-index: 1;
  opacity: 0.7;
  transform-origin: left;
}

.Toastify__progress-bar--animated {
  animation: Toastify__trackProgress linear 1 forwards;
}

.Toastify__progress-bar--controlled {
  transition: transform 0.2s;
}

.Toastify__progress-bar--rtl {
  right: 0;
  left: initial;
  transform-origin: right;
  border-bottom-left-radius: initial;
}

.Toastify__progress-bar--wrp {
  position: absolute;
  overflow: hidden;
  bottom: 0;
  left: 0;
  width: 100%;
  height: 5px;
  border-bottom-left-radius: var(--toastify-toast-bd-radius);
  border-bottom-right-radius: var(--toastify-toast-bd-radius);
}

.Toastify__progress-bar--wrp[data-hidden='true'] {
  opacity: 0;
}

.Toastify__progress-bar--bg {
  opacity: var(--toastify-color-progress-bgo);
  width: 100%;
  height: 100%;
}

.Toastify__spinner {
  width: 20px;
  height: 20px;
  box-sizing: border-box;
  border: 2px solid;
  border-radius: 100%;
  border-color: var(--toastify-spinner-color-empty-area);
  border-right-color: var(--toastify-spinner-color);
  animation: Toastify__spin 0.65s linear infinite;
}

@keyframes Toastify__bounceInRight {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  from {
    opacity: 0;
    transform: translate3d(3000px, 0, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(-25px, 0, 0);
  }
  75% {
    transform: translate3d(10px, 0, 0);
  }
  90% {
    transform: translate3d(-5px, 0, 0);
  }
  to {
    transform: none;
  }
}

@keyframes Toastify__bounceOutRight {
  20% {
    opacity: 1;
    transform: translate3d(-20px, var(--y), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(2000px, var(--y), 0);
  }
}

@keyframes Toastify__bounceInLeft {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  0% {
    opacity: 0;
    transform: translate3d(-3000px, 0, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(25px, 0, 0);
  }
  75% {
    transform: translate3d(-10px, 0, 0);
  }
  90% {
    transform: translate3d(5px, 0, 0);
  }
  to {
    transform: none;
  }
}

@keyframes Toastify__bounceOutLeft {
  20% {
    opacity: 1;
    transform: translate3d(20px, var(--y), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(-2000px, var(--y), 0);
  }
}

@keyframes Toastify__bounceInUp {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  from {
    opacity: 0;
    transform: translate3d(0, 3000px, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(0, -20px, 0);
  }
  75% {
    transform: translate3d(0, 10px, 0);
  }
  90% {
    transform: translate3d(0, -5px, 0);
  }
  to {
    transform: translate3d(0, 0, 0);
  }
}

@keyframes Toastify__bounceOutUp {
  20% {
    transform: translate3d(0, calc(var(--y) - 10px), 0);
  }
  40%,
  45% {
    opacity: 1;
    transform: translate3d(0, calc(var(--y) + 20px), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(0, -2000px, 0);
  }
}

@keyframes Toastify__bounceInDown {
  from,
  60%,
  75%,
  90%,
  to {
    animation-timing-function: cubic-bezier(0.215, 0.61, 0.355, 1);
  }
  0% {
    opacity: 0;
    transform: translate3d(0, -3000px, 0);
  }
  60% {
    opacity: 1;
    transform: translate3d(0, 25px, 0);
  }
  75% {
    transform: translate3d(0, -10px, 0);
  }
  90% {
    transform: translate3d(0, 5px, 0);
  }
  to {
    transform: none;
  }
}

@keyframes Toastify__bounceOutDown {
  20% {
    transform: translate3d(0, calc(var(--y) - 10px), 0);
  }
  40%,
  45% {
    opacity: 1;
    transform: translate3d(0, calc(var(--y) + 20px), 0);
  }
  to {
    opacity: 0;
    transform: translate3d(0, 2000px, 0);
  }
}

.Toastify__bounce-enter--top-left,
.Toastify__bounce-enter--bottom-left {
  animation-name: Toastify__bounceInLeft;
}

.Toastify__bounce-enter--top-right,
.Toastify__bounce-enter--bottom-right {
  animation-name: Toastify__bounceInRight;
}

.Toastify__bounce-enter--top-center {
  animation-name: Toastify__bounceInDown;
}

.Toastify__bounce-enter--bottom-center {
  animation-name: Toastify__bounceInUp;
}

.Toastify__bounce-exit--top-left,
.Toastify__bounce-exit--bottom-left {
  animation-name: Toastify__bounceOutLeft;
}

.Toastify__bounce-exit--top-right,
.Toastify__bounce-exit--bottom-right {
  animation-name: Toastify__bounceOutRight;
}

.Toastify__bounce-exit--top-center {
  animation-name: Toastify__bounceOutUp;
}

.Toastify__bounce-exit--bottom-center {
  animation-name: Toastify__bounceOutDown;
}

@keyframes Toastify__zoomIn {
  from {
    opacity: 0;
    transform: scale3d(0.3, 0.3, 0.3);
  }
  50% {
    opacity: 1;
  }
}

@keyframes Toastify__zoomOut {
  from {
    opacity: 1;
  }
  50% {
    opacity: 0;
    transform: translate3d(0, var(--y), 0) scale3d(0.3, 0.3, 0.3);
  }
  to {
    opacity: 0;
  }
}

.Toastify__zoom-enter {
  animation-name: Toastify__zoomIn;
}

.Toastify__zoom-exit {
  animation-name: Toastify__zoomOut;
}

@keyframes Toastify__flipIn {
  from {
    transform: perspective(400px) rotate3d(1, 0, 0, 90deg);
    animation-timing-function: ease-in;
    opacity: 0;
  }
  40% {
    transform: perspective(400px) rotate3d(1, 0, 0, -20deg);
    animation-timing-function: ease-in;
  }
  60% {
    transform: perspective(400px) rotate3d(1, 0, 0, 10deg);
    opacity: 1;
  }
  80% {
    transform: perspective(400px) rotate3d(1, 0, 0, -5deg);
  }
  to {
    transform: perspective(400px);
  }
}

@keyframes Toastify__flipOut {
  from {
    transform: translate3d(0, var(--y), 0) perspective(400px);
  }
  30% {
    transform: translate3d(0, var(--y), 0) perspective(400px) rotate3d(1, 0, 0, -20deg);
    opacity: 1;
  }
  to {
    transform: translate3d(0, var(--y), 0) perspective(400px) rotate3d(1, 0, 0, 90deg);
    opacity: 0;
  }
}

.Toastify__flip-enter {
  animation-name: Toastify__flipIn;
}

.Toastify__flip-exit {
  animation-name: Toastify__flipOut;
}

@keyframes Toastify__slideInRight {
  from {
    transform: translate3d(110%, 0, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideInLeft {
  from {
    transform: translate3d(-110%, 0, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideInUp {
  from {
    transform: translate3d(0, 110%, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideInDown {
  from {
    transform: translate3d(0, -110%, 0);
    visibility: visible;
  }
  to {
    transform: translate3d(0, var(--y), 0);
  }
}

@keyframes Toastify__slideOutRight {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(110%, var(--y), 0);
  }
}

@keyframes Toastify__slideOutLeft {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(-110%, var(--y), 0);
  }
}

@keyframes Toastify__slideOutDown {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(0, 500px, 0);
  }
}

@keyframes Toastify__slideOutUp {
  from {
    transform: translate3d(0, var(--y), 0);
  }
  to {
    visibility: hidden;
    transform: translate3d(0, -500px, 0);
  }
}

.Toastify__slide-enter--top-left,
.Toastify__slide-enter--bottom-left {
  animation-name: Toastify__slideInLeft;
}

.Toastify__slide-enter--top-right,
.Toastify__slide-enter--bottom-right {
  animation-name: Toastify__slideInRight;
}

.Toastify__slide-enter--top-center {
  animation-name: Toastify__slideInDown;
}

.Toastify__slide-enter--bottom-center {
  animation-name: Toastify__slideInUp;
}

.Toastify__slide-exit--top-left,
.Toastify__slide-exit--bottom-left {
  animation-name: Toastify__slideOutLeft;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

.Toastify__slide-exit--top-right,
.Toastify__slide-exit--bottom-right {
  animation-name: Toastify__slideOutRight;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

.Toastify__slide-exit--top-center {
  animation-name: Toastify__slideOutUp;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

.Toastify__slide-exit--bottom-center {
  animation-name: Toastify__slideOutDown;
  animation-timing-function: ease-in;
  animation-duration: 0.3s;
}

@keyframes Toastify__spin {
  from {
    transform: rotate(0deg);
  }
  to {
    transform: rotate(360deg);
  }
}
`,st=new Map,ct=(e,t,n=!1)=>{qe(()=>{if(!e||typeof document>`u`)return;let r=document,i=st.get(r);if(i){t&&i.setAttribute(`nonce`,t);return}let a=r.createElement(`style`);a.textContent=e,t&&a.setAttribute(`nonce`,t),n?r.head.appendChild(a):r.head.prepend(a),st.set(r,a)},[t])};function lt(e){return ct(ot,e.nonce,e.appendStyleSheet),M.createElement(at,e)}function Y(e,t){if(!e)return null;let n;try{n=C(e)}catch{return null}let r=re.safeParse(n);if(!r.success)return null;let i=r.data,a=i.id??i.sub;if(a===void 0||!i.email)return null;let o=typeof i.exp==`number`?i.exp*1e3:null;return o!==null&&o<=t?null:{user:{id:String(a),name:i.name??``,email:i.email,role:E(i.role)},expiresAt:o,issuedAt:typeof i.iat==`number`?i.iat*1e3:null}}var X={loginSuccess:`Login successful!`,loginFailed:`Login failed. Please try again.`,codeFailed:`The code could not be checked. Please try again.`,logout:`Logged out successfully`,profileUpdated:`Profile updated successfully`,profileFailed:`Profile update failed`};function ut(e){return{id:e.id,name:e.name,email:e.email,role:e.role,phone:e.phone??null,address:e.address??null,...e.sms_notifications===void 0?{}:{sms_notifications:e.sms_notifications},...e.language?{language:e.language}:{},...e.must_change_password?{must_change_password:!0}:{},...e.created_at?{created_at:e.created_at}:{}}}function dt(e,t){let n=Y(e.token,t);return{token:e.token,user:ut(e.user),expiresAt:n?.expiresAt??null,issuedAt:n?.issuedAt??null,error:null,endedBy:null}}var ft=2147483647;function pt(e){return u({types:{context:{},events:{},input:{},emitted:{}},actors:{login:y(async()=>{throw Error(`login actor not provided`)}),verifyCode:y(async()=>{throw Error(`verifyCode actor not provided`)}),fetchMe:y(async()=>{throw Error(`fetchMe actor not provided`)}),updateProfile:y(async()=>{throw Error(`updateProfile actor not provided`)}),renewal:i(({sendBack:e})=>{e({type:`auth.renewFailed`})})},actions:{storeToken:(e,t)=>{},forgetToken:()=>{},clearSession:c({user:null,token:null,expiresAt:null,issuedAt:null,renewing:!1}),startLifetime:a({type:`session.lifetimeEnded`},{delay:`sessionLifetime`,id:`lifetime`}),stopLifetime:l(`lifetime`),endSession:d(({enqueue:e},t)=>{e(`forgetToken`),e(`clearSession`),e.assign({endedBy:t.endedBy})}),welcome:d(({context:e,enqueue:t})=>{e.user?.must_change_password||t.emit(f(`success`,e.loginMessage))}),fail:ee(`error`)},delays:{sessionLifetime:({context:t})=>t.expiresAt===null?ft:Math.min(ft,Math.max(0,t.expiresAt-e()))},guards:{hasUsableStoredToken:({context:e})=>e.user!==null,hadStoredToken:({context:e})=>e.token!==null,renewalDue:({context:t})=>!t.renewing&&t.issuedAt!==null&&t.expiresAt!==null&&e()>=t.expiresAt-(t.expiresAt-t.issuedAt)/2}}).createMachine({id:`auth`,description:`The session: who is signed in, with which role; the role picks the screen tree.`,context:({input:t})=>{let n=Y(t.storedToken,e());return{user:n?.user??null,token:t.storedToken??null,expiresAt:n?.expiresAt??null,issuedAt:n?.issuedAt??null,renewing:!1,error:null,endedBy:null,loginMessage:X.loginSuccess,codeStep:null}},initial:`booting`,states:{booting:{description:`Decode the stored token: a usable one starts the session, anything else is discarded.`,always:[{guard:`hasUsableStoredToken`,target:`signedIn.verifying`},{guard:`hadStoredToken`,target:`signedOut`,actions:{type:`endSession`,params:{endedBy:`expired`}}},{target:`signedOut`}]},signedOut:{description:`No session: only public screens.`,initial:`idle`,on:{"auth.login":{target:`.loggingIn`,actions:c({loginMessage:({event:e})=>e.successMessage??X.loginSuccess})},"auth.setUser":{target:`#auth.signedIn.idle`,actions:c({user:({event:e})=>e.user})}},states:{idle:{description:`Waiting for credentials.`,on:{"auth.clearError":{actions:c({error:null})}}},loggingIn:{description:`Credentials sent; the submit button reads "Signing in...".`,tags:[`loading`],entry:c({error:null}),invoke:{src:`login`,input:({event:e})=>(m(e,`auth.login`),e.credentials),onDone:[{guard:({event:e})=>`codeRequired`in e.output,target:`codeNeeded`,actions:c(({event:e})=>{let t=e.output;return{codeStep:{challenge:t.challenge,phoneEnding:t.phoneEnding}}})},{target:`#auth.signedIn.idle`,actions:[c(({event:t})=>dt(t.output,e())),{type:`storeToken`,params:({event:e})=>({token:e.output.token})},`welcome`]}],onError:{target:`idle`,actions:[`clearSession`,`forgetToken`,{type:`fail`,params:x(X.loginFailed)}]}},on:{"auth.login":{}}},codeNeeded:{description:`The password was right and the home asks staff for a second step: the sign-in screen asks for the code sent by SMS.`,on:{"auth.verifyCode":{target:`verifyingCode`,actions:c({error:null})},"auth.cancelCode":{target:`idle`,actions:c({codeStep:null,error:null})},"auth.clearError":{actions:c({error:null})}}},verifyingCode:{description:`The code sent; the button reads "Checking...".`,tags:[`loading`],invoke:{src:`verifyCode`,input:({context:e,event:t})=>(m(t,`auth.verifyCode`),{challenge:e.codeStep?.challenge??``,code:t.code.trim()}),onDone:{target:`#auth.signedIn.idle`,actions:[c(({event:t})=>({...dt(t.output,e()),codeStep:null})),{type:`storeToken`,params:({event:e})=>({token:e.output.token})},`welcome`]},onError:{target:`codeNeeded`,actions:{type:`fail`,params:x(X.codeFailed)}}},on:{"auth.verifyCode":{}}}}},signedIn:{description:`A session: the role's portal is shown.`,initial:`idle`,entry:`startLifetime`,exit:[`stopLifetime`,g(`renewal`),c({renewing:!1})],on:{"session.lifetimeEnded":{target:`signedOut`,actions:{type:`endSession`,params:{endedBy:`expired`}}},"user.active":{guard:`renewalDue`,actions:[c({renewing:!0}),s(`renewal`,{id:`renewal`})]},"auth.renewed":{actions:[g(`renewal`),c(({context:t,event:n})=>{let r=Y(n.token,e());return r?{token:n.token,expiresAt:r.expiresAt,issuedAt:r.issuedAt,renewing:!1,user:t.user}:{renewing:!1}}),{type:`storeToken`,params:({context:e})=>({token:e.token??``})},`stopLifetime`,`startLifetime`]},"auth.renewFailed":{actions:[g(`renewal`),c({renewing:!1})]},"auth.logout":{target:`signedOut`,actions:[{type:`endSession`,params:{endedBy:`logout`}},b(f(`success`,X.logout))]},"session.expired":{target:`signedOut`,actions:{type:`endSession`,params:{endedBy:`expired`}}},"auth.setUser":{actions:c({user:({event:e})=>e.user})},"auth.clearError":{actions:c({error:null})},"auth.signedInAgain":{target:`.idle`,actions:[c(({event:t})=>dt(t.response,e())),{type:`storeToken`,params:({event:e})=>({token:e.response.token})},`stopLifetime`,`startLifetime`]}},states:{verifying:{description:`Restored from storage: ask the server who this is (a 401 ends the session).`,invoke:{src:`fetchMe`,onDone:{target:`idle`,actions:c({user:({context:e,event:t})=>({...e.user,...ut(t.output)})})},onError:{target:`unverified`}}},unverified:{description:`Restored from storage, but the server could not say who this is (offline or a fault): the session goes on, the profile's phone and address were never received, so the profile cannot be saved until they are.`,on:{"auth.reloadProfile":{target:`verifying`},"auth.setUser":{target:`idle`,actions:c({user:({event:e})=>e.user})}}},idle:{description:`Signed in.`,on:{"auth.updateProfile":{target:`updatingProfile`}}},updatingProfile:{description:`Saving profile changes; they are merged into the user on success.`,tags:[`loading`],invoke:{src:`updateProfile`,input:({event:e})=>(m(e,`auth.updateProfile`),e.changes),onDone:{target:`idle`,actions:[c({user:({context:e,event:t})=>e.user?{...e.user,...ut(t.output)}:e.user}),b(f(`success`,X.profileUpdated))]},onError:{target:`idle`,actions:{type:`fail`,params:S(X.profileFailed)}}}}}}}})}var mt={position:`top-center`,autoClose:4e3,limit:3,draggable:!0,draggablePercent:45/356*100,newestOnTop:!0,pauseOnFocusLoss:!0},ht=1500,gt=/\{(\w+)\}/g,_t=e=>e.replace(/[.*+?^$()|[\]\\{}]/g,`\\$&`);function vt(e){let t=[...e.matchAll(gt)].map(e=>e[1]),n=e.split(gt).filter((e,t)=>t%2==0),r=n.join(``).length;if(!t.length||r<8||/[{}]/.test(n.join(``)))return null;let i=n.map(_t).join(`(.+?)`);return{id:e,pattern:RegExp(`^${i}$`,`s`),names:t,weight:r}}var yt=null;function bt(){let e=Object.keys(j.messages),t=`${j.locale}:${e.length}`;return yt?.key!==t&&(yt={key:t,templates:e.filter(e=>e.includes(`{`)).map(vt).filter(e=>e!==null).sort((e,t)=>t.weight-e.weight)}),yt.templates}function xt(e){for(let t of bt()){let n=t.pattern.exec(e);if(!n)continue;let r={};return t.names.forEach((e,t)=>{let i=n[t+1];r[e]=i in j.messages?j._(i):i}),j._(t.id,r)}return e}fe(xt);var Z=t(r(),1),St=()=>_(e=>e.url(`/services`).get().json(),me),Ct=e=>_(t=>t.url(`/services`).post(e).json(),he),wt=(e,t)=>_(n=>n.url(`/services/${encodeURIComponent(e)}`).put(t).json(),he),Tt=e=>_(t=>t.url(`/services/${encodeURIComponent(e)}`).delete().json(),D),Et=e=>_(t=>t.url(`/services/pricing`).put(e).json(),O(D,{pricing:ie(ge)})),Dt=()=>_(e=>e.url(`/services`).get().json(),_e);async function Ot(){let e=await Dt(),t={};for(let n of e){let e=n.pricing_key;(e===`basicFuneral`||e===`premiumFuneral`||e===`cremation`||e===`burial`)&&(t[e]=n.price)}return t}var kt=e({SessionProvider:()=>It,Toasts:()=>Vt,liveAuthMachine:()=>jt,loadStartingPrices:()=>Ot,startSession:()=>Mt,useAuthActor:()=>Q,useAuthSelector:()=>Ut,useSession:()=>Ht});function At(){try{return localStorage.getItem(w)}catch{return null}}var jt=pt(()=>Date.now()).provide({actors:{login:y(({input:e})=>ce(e)),verifyCode:y(({input:e})=>ae(e)),fetchMe:y(()=>k()),updateProfile:y(({input:e})=>oe(e)),renewal:i(({sendBack:e})=>{A().then(({token:t})=>e({type:`auth.renewed`,token:t}),()=>e({type:`auth.renewFailed`}))})},actions:{storeToken:(e,t)=>{try{localStorage.setItem(w,t.token)}catch{}},forgetToken:()=>{try{localStorage.removeItem(w)}catch{}}}});function Mt(e={}){let t=o(jt,{input:{storedToken:At()},inspect:e.inspect});return v({getToken:()=>t.getSnapshot().context.token??At(),onUnauthorized:()=>t.send({type:`session.expired`})}),se(t),t.start(),Ft(t),t}var Nt=[`pointerdown`,`keydown`,`wheel`,`touchstart`],Pt=15e3;function Ft(e){if(typeof window>`u`)return;let t=0,n=()=>{let n=Date.now();n-t<Pt||(t=n,e.send({type:`user.active`}))};for(let e of Nt)window.addEventListener(e,n,{passive:!0,capture:!0})}function It({actor:e,children:t}){return(0,Z.jsx)(T.Provider,{value:e,children:t})}function Q(){return(0,M.useContext)(T)??ne()??(0,M.use)(te())}var Lt={success:`success`,error:`error`,info:`info`,warning:`warning`},$=new Map;function Rt({words:e}){return(0,M.useContext)(de),(0,Z.jsx)(Z.Fragment,{children:pe(e)})}function zt(e){let t=`${e.level}:${p(e.message)}`;$.set(t,Date.now()),G((0,Z.jsx)(Rt,{words:e.message}),{type:Lt[e.level],toastId:t,onClose:()=>$.delete(t)})}function Bt(e){let t=Date.now();for(let[n,r]of $)t-r>e&&(G.dismiss(n),$.delete(n))}function Vt(){(0,M.useEffect)(()=>le(zt),[]);let{pathname:e}=ue();return(0,M.useEffect)(()=>Bt(ht),[e]),(0,Z.jsx)(lt,{...mt})}function Ht(){let e=Q(),t=h(e,e=>e.matches(`signedIn`)?`signedIn`:e.matches(`booting`)?`booting`:`signedOut`),n=h(e,e=>e.context.user),r=h(e,e=>e.hasTag(`loading`)),i=h(e,e=>e.context.error);return(0,M.useMemo)(()=>({status:t,user:n,role:n?.role??null,loading:r,error:i,login:t=>e.send({type:`auth.login`,credentials:t}),logout:()=>e.send({type:`auth.logout`}),clearError:()=>e.send({type:`auth.clearError`})}),[e,t,n,r,i])}function Ut(e){return h(Q(),e)}export{Ct as a,St as c,Ht as i,Et as l,Q as n,Tt as o,Ut as r,Dt as s,kt as t,wt as u};