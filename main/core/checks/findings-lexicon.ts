/**
 * The findings the negation check gives a polarity to: symptoms, signs and conditions a dictated note says
 * are present or absent, in English, Spanish and French (lower case; a plural in -s or -es matches too).
 * Written for this project from common review-of-systems and problem-list terms; not a terminology.
 */

const ENGLISH = `chest pain, chest tightness, chest pressure, pain, abdominal pain, back pain, headache, fever, chills,
night sweats, sweating, cough, hemoptysis, shortness of breath, short of breath, dyspnea, orthopnea, wheezing,
palpitations, syncope, fainting, dizziness, lightheadedness, vertigo, nausea, vomiting, diarrhea, constipation,
melena, hematochezia, hematuria, dysuria, rash, itching, pruritus, swelling, edema, leg swelling, fatigue,
weight loss, weight gain, anorexia, weakness, numbness, tingling, paresthesia, seizure, confusion,
tenderness, erythema, effusion, murmur, rales, crackles, rhonchi, jaundice, lymphadenopathy, bleeding,
bruising, discharge, sore throat, congestion, rhinorrhea, blurred vision, diplopia, photophobia, neck stiffness,
joint pain, arthralgia, myalgia, anxiety, depression, suicidal ideation, hallucinations, insomnia, infection,
pneumonia, pneumothorax, pleural effusion, fracture, dislocation, mass, nodule, lesion, tumor, malignancy,
metastasis, hemorrhage, stroke, infarction, myocardial infarction, ischemia, thrombosis, deep vein thrombosis,
pulmonary embolism, embolism, acute coronary syndrome, angina, heart failure, atrial fibrillation, arrhythmia,
hypertension, hypotension, hyperglycemia, hypoglycemia, hyperkalemia, hypokalemia, hypernatremia,
hyponatremia, hypercalcemia, hypocalcemia, hyperthyroidism, hypothyroidism, hyperthermia, hypothermia,
hypertonia, hypotonia, hyperreflexia, hyporeflexia, tachycardia, bradycardia, tachypnea, hypoxia, cyanosis,
diabetes, asthma, copd, allergy, allergies, ascites, hepatomegaly, splenomegaly, appendicitis, cholecystitis,
pancreatitis, obstruction, sepsis, cellulitis, abscess, ulcer, dehydration, anemia, urinary retention,
incontinence, loss of consciousness, head injury, trauma, focal deficit, facial droop, slurred speech, aphasia`;

const SPANISH = `dolor torácico, dolor de pecho, dolor abdominal, dolor, cefalea, dolor de cabeza, fiebre, escalofríos,
tos, disnea, falta de aire, palpitaciones, síncope, mareo, mareos, náuseas, vómitos, diarrea, estreñimiento,
erupción, picazón, hinchazón, edema, fatiga, cansancio, pérdida de peso, debilidad, entumecimiento,
convulsiones, confusión, sangrado, hipertensión, hipotensión, hiperglucemia, hipoglucemia, taquicardia,
bradicardia, neumonía, fractura, infección, alergia, alergias, diabetes, asma, derrame pleural, trombosis`;

const FRENCH = `douleur thoracique, douleur abdominale, douleur, céphalée, céphalées, mal de tête, fièvre, frissons,
toux, dyspnée, essoufflement, palpitations, syncope, malaise, vertige, vertiges, nausée, nausées, vomissements,
diarrhée, constipation, éruption, prurit, gonflement, œdème, oedème, fatigue, perte de poids, faiblesse,
engourdissement, convulsions, confusion, saignement, sueurs, hypertension, hypotension, hyperglycémie,
hypoglycémie, tachycardie, bradycardie, pneumonie, fracture, infection, allergie, allergies, diabète, asthme,
épanchement pleural, thrombose, syndrome coronarien aigu`;

/** Each finding as its words, longest first so "chest pain" wins over "pain". */
export const FINDINGS: readonly (readonly string[])[] = [ENGLISH, SPANISH, FRENCH]
  .flatMap((list) => list.split(','))
  .map((term) => term.trim().split(/\s+/))
  .filter((words) => words[0] !== '')
  .sort((a, b) => b.length - a.length);

/** Whether the word `said` is `term` or its plural. */
export function sameWord(said: string, term: string): boolean {
  return said === term || said === `${term}s` || said === `${term}es`;
}
