/** La journée du clinicien (français) : rendez-vous du jour, envoi des consignes, ordonnances en tâches. */
import type { ScheduleWords } from '../words.ts';

export const SCHEDULE_WORDS: ScheduleWords = {
  heading: 'Rendez-vous du jour',
  refresh: 'Actualiser',
  empty: 'Aucun rendez-vous aujourd’hui.',
  hidden: {
    not_connected: 'Connectez-vous pour voir les rendez-vous du jour.',
    no_broker:
      'Les rendez-vous du jour demandent la connexion de l’organisation par son relais ; cette connexion n’en a pas.',
    no_clinician:
      'Avec des identifiants serveur, indiquez le clinicien (identifiant externe) pour voir ses rendez-vous.',
  },
  columns: { time: 'Heure', patient: 'Patient', mode: 'Modalité', status: 'Statut' },
  statuses: {
    PENDING: 'En attente',
    SCHEDULED: 'Planifié',
    CANCELLED: 'Annulé',
    FINALIZED: 'Finalisé',
    NO_SHOW: 'Absent',
  },
  modes: {
    IN_PERSON: 'En présentiel',
    VIDEOCALL: 'Visioconsultation',
    SERVICE_VIDEOCALL: 'Visioconsultation',
    EXTERNAL_VIDEOCALL: 'Visioconsultation (externe)',
  },
  startFrom: 'Commencer la visite',
  startLabel: (name, time) => `Commencer la visite avec ${name} (${time})`,
  thisVisit: 'Cette visite',
  linkedTo: (name) => `Cette visite est avec ${name}.`,
  sendHeading: 'Envoyer au patient',
  notLinked: 'Commencez la visite depuis les rendez-vous du jour pour envoyer ces consignes au patient.',
  asMessage: 'En message',
  asAttachment: 'En fichier texte joint à un message',
  send: 'Envoyer au patient…',
  confirmTitle: 'Envoyer ces consignes ?',
  confirmTo: (name) => `À ${name}, dans la conversation du patient avec le cabinet.`,
  confirmSend: 'Envoyer',
  cancel: 'Annuler',
  sent: 'Envoyé.',
  conversationCreated: 'Une nouvelle conversation a été ouverte avec le patient.',
  latest: 'Derniers messages de la conversation',
  from: { system: 'Réponse automatique', provider: 'Vous', patient: 'Patient', other: 'Autre' },
  attachmentSent: 'Fichier texte joint',
  tasksHeading: 'Ordonnances en tâches',
  createTasks: (count) => (count === 1 ? 'Créer 1 tâche' : `Créer ${count} tâches`),
  tasksCreated: (count) => (count === 1 ? '1 tâche créée.' : `${count} tâches créées.`),
  finalize: 'Marquer le rendez-vous comme finalisé',
  finalized: 'Le rendez-vous est marqué comme finalisé.',
};
