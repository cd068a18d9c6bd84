/**
 * Tray icons as 32×32 PNGs (shown at scale factor 2, i.e. 16 pt), embedded so that no asset folder has to
 * be found at run time inside the asar. Idle is a black ring, used as a macOS template image (the system
 * recolours it for dark menus); recording is a red dot; warning is an amber dot with an exclamation mark.
 */
import type { TrayModel } from './tray-model.ts';

/** Base64 PNG per icon name of the tray model. */
export const TRAY_ICON_PNG: Readonly<Record<TrayModel['icon'], string>> = {
  'tray-idle':
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAA5klEQVR42u1Xyw3DIAzNFgyCskN2YIIc2CGHzMIMiDE6S+6tK/mEDHLBka2olt4F2fhvzLL8aYxWQABERMCzW2kDJMAFeDdwIc8m7W3pKG2hSEQlDiiuEUeVH51LM+AE7IgTz1r8h5TnX0WuI+eQZyoSKyH8AvgfHPAoU9/DqolCKHcDKXSEEYXTarXVfqKIPXFft0UTkfNZqmsi9ZjrIeMEDHDEsGIVXxYcZplTjOGG8LfSEDi9vwsasHNmgroB6ilQL0L1NjQxiNRHsfpjZOI5Vl9ITKxkJpZSE2u5iY+Jma/ZM+kDax4VlO8ExngAAAAASUVORK5CYII=',
  'tray-recording':
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAvklEQVR42t2XzQ2AIAxGGccF2IEdmKE7MA1DMIiTcNeaQGJUUAm01cO7GJLv8SO0ap4mxYn6qoBGLAIJm74NFTCIRyKyFIhpjOkpsM0sVEJLhCerchcODcFHoFXAdQjPuLcC0DG8uhKlPV8GoZ8IhIEC4U7ADAzPmJqAJxDwNYFIIBBLApog/HQY9wKWUMBeCQChAIgUYN8C9kPI/huKuIjYr2L2x0jEc8xekIgoyUQUpSLKchGNiZjW7J/d8Qr2y84fEU4s/wAAAABJRU5ErkJggg==',
  'tray-warning':
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAzklEQVR42t2X3Q2EIAyAWcod2IEZuoMDOAdDMM0N0XeuJpjcEVBpgFYfvhcj9OO/NZ/NGEnMUwUWwhGQcOnbUAFLeAKJWAHTP7anwD6ycBK0RrgzK1fBgRE4B7gCa4fgB2urwJ2R521YM1Fb8zhAIJb2REkgDBQIVwK2YV05AjE/onknfoKAPxPACQJYE1gajxZX4G8z/nbgJgq4kgBMFACVAuJLIL4JW48hF+x1EXHxqq9i8cdIxXMsnpCoSMlUJKUq0nIVhYma0uyd1fEXg+mmbm5+XkwAAAAASUVORK5CYII=',
};
