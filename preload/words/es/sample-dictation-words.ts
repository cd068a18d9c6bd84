/** El dictado de ejemplo y la línea «solo el cuadro de dictado» de la vista previa en el navegador (español). */
import type { SampleDictationWords } from '../words.ts';

export const SAMPLE_DICTATION_WORDS: SampleDictationWords = {
  boxOnly:
    'En la vista previa en el navegador, el dictado va solo a este cuadro: no hay tecla de acceso rápido ni escritura en otras aplicaciones.',
  heading: 'Dictado de ejemplo',
  body: 'Una grabación sintética incluida con la aplicación se dicta a través del servicio local integrado: sin cuenta y sin micrófono. El servicio primero entiende mal una palabra y luego la corrige en su lugar. No apto para la atención de pacientes.',
  start: 'Iniciar el dictado de ejemplo',
  playing: 'Reproduciendo la grabación de ejemplo…',
  corrected: (before, after) => `Corregido en su lugar por el servicio: «${before}» → «${after}».`,
};
