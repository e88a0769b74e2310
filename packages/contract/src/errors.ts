import type { Localized } from './languages.ts';

/**
 * The error catalogue: every non-zero envelope `code`, its HTTP status and its message in each language.
 * The four session codes are the spec's (SPEC section 8); the rest are ours, numbered HTTP status × 100 + n.
 * docs/api.md lists them for client teams.
 */
export const ERRORS = {
  NOT_LOGGED_IN: {
    code: 10010301,
    status: 401,
    message: {
      en: 'Please log in to continue',
      fil: 'Mag-log in para magpatuloy',
      es: 'Inicie sesión para continuar',
    },
  },
  TOKEN_EXPIRED: {
    code: 10010303,
    status: 401,
    message: {
      en: 'You were logged out after a while. Please log in again',
      fil: 'Na-log out ka pagkalipas ng ilang oras. Mag-log in muli',
      es: 'Su sesión se cerró tras un tiempo. Inicie sesión de nuevo',
    },
  },
  LOGGED_IN_ELSEWHERE: {
    code: 10010304,
    status: 401,
    message: {
      en: 'You logged in on another phone, so you were logged out here. Please log in again',
      fil: 'Nag-log in ka sa ibang phone kaya na-log out ka rito. Mag-log in muli',
      es: 'Inició sesión en otro teléfono y aquí se cerró su sesión. Inicie sesión de nuevo',
    },
  },
  TOKEN_INVALID: {
    code: 100103,
    status: 401,
    message: {
      en: 'You are logged out. Please log in again',
      fil: 'Naka-log out ka. Mag-log in muli',
      es: 'Su sesión está cerrada. Inicie sesión de nuevo',
    },
  },
  VALIDATION_FAILED: {
    code: 40001,
    status: 400,
    message: {
      en: 'Please check the highlighted fields',
      fil: 'Pakisuri ang mga naka-highlight na field',
      es: 'Revise los campos marcados',
    },
  },
  MALFORMED_REQUEST: {
    code: 40002,
    status: 400,
    message: {
      en: 'Something went wrong sending this. Please try again',
      fil: 'Nagka-problema sa pagpapadala nito. Pakisubukan muli',
      es: 'Algo falló al enviar esto. Inténtelo de nuevo',
    },
  },
  UNKNOWN_BRAND: {
    code: 40003,
    status: 400,
    message: {
      en: 'This app is not recognised. Please update the app',
      fil: 'Hindi kilala ang app na ito. Paki-update ang app',
      es: 'Esta aplicación no es reconocida. Actualice la aplicación',
    },
  },
  UNDECRYPTABLE_PATH: {
    code: 40004,
    status: 400,
    message: {
      en: 'This version of the app is out of date. Please update the app',
      fil: 'Luma na ang bersyong ito ng app. Paki-update ang app',
      es: 'Esta versión de la aplicación está desactualizada. Actualice la aplicación',
    },
  },
  INVALID_MOBILE: {
    code: 40005,
    status: 400,
    message: {
      en: 'Please enter a valid Philippine mobile number, e.g. 0917 123 4567',
      fil: 'Maglagay ng wastong mobile number sa Pilipinas, hal. 0917 123 4567',
      es: 'Introduzca un número móvil filipino válido, p. ej. 0917 123 4567',
    },
  },
  INVALID_VERIFY_CODE: {
    code: 40006,
    status: 400,
    message: {
      en: 'This code is not right. Check the SMS and type it again',
      fil: 'Mali ang code na ito. Tingnan ang SMS at i-type itong muli',
      es: 'Este código no es correcto. Revise el SMS y escríbalo de nuevo',
    },
  },
  VERIFY_CODE_EXPIRED: {
    code: 40007,
    status: 400,
    message: {
      en: 'This verification code has expired or was already used. Please request a new one',
      fil: 'Nag-expire o nagamit na ang verification code. Humingi ng bago',
      es: 'El código ha caducado o ya se usó. Solicite uno nuevo',
    },
  },
  VERIFY_CODE_LOCKED: {
    code: 40008,
    status: 400,
    message: {
      en: 'Too many wrong codes. Please request a new verification code',
      fil: 'Masyadong maraming maling code. Humingi ng bagong verification code',
      es: 'Demasiados códigos incorrectos. Solicite un nuevo código',
    },
  },
  INVALID_CREDENTIALS: {
    code: 40009,
    status: 400,
    message: {
      en: 'The mobile number or password is incorrect',
      fil: 'Mali ang mobile number o password',
      es: 'El número móvil o la contraseña son incorrectos',
    },
  },
  WEAK_PASSWORD: {
    code: 40010,
    status: 400,
    message: {
      en: 'The password needs 8 to 64 characters with at least one letter and one digit',
      fil: 'Ang password ay dapat 8 hanggang 64 na character, may kahit isang titik at isang numero',
      es: 'La contraseña necesita de 8 a 64 caracteres con al menos una letra y un dígito',
    },
  },
  IMAGE_UNREADABLE: {
    code: 40011,
    status: 400,
    message: {
      en: 'This photo could not be read. Please take or choose it again',
      fil: 'Hindi mabasa ang larawang ito. Kumuha o pumili muli',
      es: 'No se pudo leer esta foto. Tómela o elíjala de nuevo',
    },
  },
  INVALID_SIGNATURE: {
    code: 40101,
    status: 401,
    message: {
      en: 'The signature of this request is not valid',
      fil: 'Hindi wasto ang signature ng request na ito',
      es: 'La firma de esta solicitud no es válida',
    },
  },
  VOUCHER_REQUIRED: {
    code: 40040,
    status: 400,
    message: {
      en: 'Please add a photo of your receipt',
      fil: 'Maglagay ng litrato ng iyong resibo',
      es: 'Añada una foto de su recibo',
    },
  },
  // Dunning and the MC 18 guardrails (issue 22, ADR 0076): 40041-40045, 40957-40959, 42910-42912.
  DUNNING_PLACEHOLDER_UNKNOWN: {
    code: 40041,
    status: 400,
    message: {
      en: "A message may use only the borrower's own details, her amounts and the lender's: remove {names}",
      fil: 'Ang mensahe ay puwede lang gumamit ng sariling detalye ng borrower, ng kanyang halaga at ng lender: alisin ang {names}',
      es: 'Un mensaje solo puede usar los datos de la prestataria, sus montos y los del prestamista: quite {names}',
    },
  },
  DUNNING_WORDS_FORBIDDEN: {
    code: 40042,
    status: 400,
    message: {
      en: 'A collection message may not threaten, insult, shame or claim what is not true: remove {words}',
      fil: 'Ang mensahe sa paniningil ay hindi puwedeng magbanta, mang-insulto, mamahiya o magsabi ng hindi totoo: alisin ang {words}',
      es: 'Un mensaje de cobro no puede amenazar, insultar, avergonzar ni afirmar algo falso: quite {words}',
    },
  },
  DUNNING_LENDER_MISSING: {
    code: 40043,
    status: 400,
    message: {
      en: 'Every collection message names the lender and its SEC numbers: add {names}',
      fil: 'Bawat mensahe sa paniningil ay nagsasabi ng pangalan ng lender at ng mga numero nito sa SEC: idagdag ang {names}',
      es: 'Todo mensaje de cobro nombra al prestamista y sus números de la SEC: añada {names}',
    },
  },
  CONTACT_NOT_BORROWER: {
    code: 40044,
    status: 400,
    message: {
      en: 'Only the borrower herself may be contacted about her loan, on her own number: never her references or contacts',
      fil: 'Ang borrower lang mismo ang puwedeng kontakin tungkol sa kanyang loan, sa sarili niyang numero: hindi kailanman ang kanyang mga reference o contact',
      es: 'Solo se puede contactar a la prestataria sobre su préstamo, en su propio número: nunca a sus referencias o contactos',
    },
  },
  CONTACT_DISPUTE_NOT_SAID: {
    code: 40045,
    status: 400,
    message: {
      en: 'The borrower disputes this debt: a contact must say that the debt is disputed',
      fil: 'Kinukuwestiyon ng borrower ang utang na ito: dapat sabihin sa pakikipag-ugnayan na kinukuwestiyon ang utang',
      es: 'La prestataria disputa esta deuda: el contacto debe decir que la deuda está en disputa',
    },
  },
  METRICS_TOKEN_REFUSED: {
    code: 40141,
    status: 401,
    message: {
      en: 'The metrics token is missing or wrong',
      fil: 'Wala o mali ang metrics token',
      es: 'El token de métricas falta o es incorrecto',
    },
  },
  STAFF_NOT_SIGNED_IN: {
    code: 40150,
    status: 401,
    message: {
      en: 'Please sign in',
      fil: 'Mag-sign in muna',
      es: 'Inicie sesión',
    },
  },
  STAFF_SIGN_IN_FAILED: {
    code: 40151,
    status: 401,
    message: {
      en: 'The email, password or code is wrong',
      fil: 'Mali ang email, password o code',
      es: 'El correo, la contraseña o el código son incorrectos',
    },
  },
  STAFF_SESSION_ENDED: {
    code: 40152,
    status: 401,
    message: {
      en: 'Your session has ended, please sign in again',
      fil: 'Natapos na ang iyong session, mag-sign in muli',
      es: 'Su sesión ha terminado, inicie sesión de nuevo',
    },
  },
  SETUP_LINK_INVALID: {
    code: 40153,
    status: 401,
    message: {
      en: 'This set-up link is not valid or has expired',
      fil: 'Hindi wasto o expired na ang set-up link na ito',
      es: 'Este enlace de configuración no es válido o ha caducado',
    },
  },
  AUTHENTICATOR_CODE_WRONG: {
    code: 40154,
    status: 401,
    message: {
      en: 'The authenticator code is wrong',
      fil: 'Mali ang code ng authenticator',
      es: 'El código del autenticador es incorrecto',
    },
  },
  PROPOSAL_OWN: {
    code: 40360,
    status: 403,
    message: {
      en: 'You cannot approve or reject your own proposal: another member must decide it',
      fil: 'Hindi mo maaaring aprubahan o tanggihan ang sarili mong mungkahi: ibang miyembro ang dapat magpasya',
      es: 'No puede aprobar ni rechazar su propia propuesta: debe decidirla otro miembro',
    },
  },
  PROPOSAL_DUPLICATE: {
    code: 40960,
    status: 409,
    message: {
      en: 'The same change is already waiting for approval',
      fil: 'Naghihintay na ng pag-apruba ang parehong pagbabago',
      es: 'El mismo cambio ya está esperando aprobación',
    },
  },
  PROPOSAL_DECIDED: {
    code: 40961,
    status: 409,
    message: {
      en: 'This proposal has already been decided',
      fil: 'Napagpasyahan na ang mungkahing ito',
      es: 'Esta propuesta ya fue decidida',
    },
  },
  PROPOSAL_REJECT_NEEDS_REASON: {
    code: 40067,
    status: 400,
    message: {
      en: 'Say why you reject it: the maker reads the reason',
      fil: 'Sabihin kung bakit mo ito tinatanggihan: mababasa ng gumawa ang dahilan',
      es: 'Diga por qué la rechaza: quien la propuso leerá el motivo',
    },
  },
  SANCTIONS_FILE_UNREADABLE: {
    code: 40065,
    status: 400,
    message: {
      en: 'This file is not a sanctions list we can read: no listed person, no version or no list name',
      fil: 'Hindi ito sanctions list na mababasa namin: walang nakalistang tao, bersyon o pangalan ng listahan',
      es: 'Este archivo no es una lista de sanciones legible: sin personas listadas, sin versión o sin nombre de lista',
    },
  },
  SCREENING_ALREADY_DECIDED: {
    code: 40066,
    status: 400,
    message: {
      en: 'This screening match has already been decided',
      fil: 'Napagpasyahan na ang tugmang ito sa screening',
      es: 'Esta coincidencia de la verificación ya fue decidida',
    },
  },
  PROPOSAL_STALE: {
    code: 40962,
    status: 409,
    message: {
      en: 'What this proposal changes has changed since it was made: propose it again',
      fil: 'Nagbago na ang binabago ng mungkahing ito mula nang gawin ito: imungkahi itong muli',
      es: 'Lo que cambia esta propuesta cambió desde que se hizo: propóngala de nuevo',
    },
  },
  PAYMENT_ALREADY_REVERSED: {
    code: 40963,
    status: 409,
    message: {
      en: 'This payment has already been reversed',
      fil: 'Nabaligtad na ang bayad na ito',
      es: 'Este pago ya fue revertido',
    },
  },
  BANK_REFERENCE_CREDITED: {
    code: 40964,
    status: 409,
    message: {
      en: 'A payment with this bank reference has already been credited',
      fil: 'Naikredito na ang bayad na may ganitong bank reference',
      es: 'Ya se acreditó un pago con esta referencia bancaria',
    },
  },
  PAYMENT_REFERENCE_CREDITED: {
    code: 40981,
    status: 409,
    message: {
      en: 'A payment with this reference was already credited to this loan: {amount} on {date}, from {source}',
      fil: 'Naikredito na sa loan na ito ang bayad na may ganitong reference: {amount} noong {date}, mula sa {source}',
      es: 'Ya se acreditó a este préstamo un pago con esta referencia: {amount} el {date}, desde {source}',
    },
  },
  PAYMENT_MAY_BE_CREDITED: {
    code: 40982,
    status: 409,
    message: {
      en: 'This looks like a payment already credited to this loan: {amount} on {date}, from {source} (reference {reference}). If it is a different payment, say so and why',
      fil: 'Mukhang naikredito na ang bayad na ito sa loan: {amount} noong {date}, mula sa {source} (reference {reference}). Kung ibang bayad ito, sabihin ito at kung bakit',
      es: 'Parece un pago ya acreditado a este préstamo: {amount} el {date}, desde {source} (referencia {reference}). Si es otro pago, indíquelo y explique por qué',
    },
  },
  PROOF_CREDIT_AWAITING_APPROVAL: {
    code: 40983,
    status: 409,
    message: {
      en: "This proof's credit is waiting for a second member's approval in Approvals",
      fil: 'Naghihintay ng pag-apruba ng ikalawang miyembro sa Approvals ang kredito ng patunay na ito',
      es: 'El abono de este comprobante espera la aprobación de un segundo miembro en Aprobaciones',
    },
  },
  PENALTY_WAIVER_TOO_LARGE: {
    code: 40965,
    status: 409,
    message: {
      en: 'The amount is more than the penalty outstanding on this loan',
      fil: 'Mas malaki ang halaga kaysa sa natitirang multa sa loan na ito',
      es: 'El monto es mayor que la penalidad pendiente de este préstamo',
    },
  },
  LOAN_NOT_IN_REPAYMENT: {
    code: 40966,
    status: 409,
    message: {
      en: 'This cannot be done to the loan as it stands: it is not being repaid',
      fil: 'Hindi ito magagawa sa loan sa kasalukuyan: hindi ito binabayaran',
      es: 'Esto no se puede hacer al préstamo tal como está: no se está pagando',
    },
  },
  LOAN_WRITTEN_OFF: {
    code: 40967,
    status: 409,
    message: {
      en: 'This loan has been written off',
      fil: 'Na-write off na ang loan na ito',
      es: 'Este préstamo fue castigado (dado de baja)',
    },
  },
  ROLE_NOT_ALLOWED: {
    code: 40301,
    status: 403,
    message: {
      en: 'Your role does not allow this',
      fil: 'Hindi ito pinapayagan ng iyong role',
      es: 'Su rol no permite esto',
    },
  },
  CSRF_REFUSED: {
    code: 40302,
    status: 403,
    message: {
      en: 'The request did not come from the back office page',
      fil: 'Hindi galing sa back office page ang request',
      es: 'La solicitud no vino de la página del back office',
    },
  },
  STAFF_EMAIL_TAKEN: {
    code: 40950,
    status: 409,
    message: {
      en: 'A staff member with this email already exists',
      fil: 'May staff na gumagamit ng email na ito',
      es: 'Ya existe un miembro del personal con este correo',
    },
  },
  REPORT_RANGE_INVALID: {
    code: 40046,
    status: 400,
    message: {
      en: 'Choose a start day on or before the end day, at most 366 days apart',
      fil: 'Pumili ng simulang araw na hindi lalampas sa huling araw, at hanggang 366 na araw lang ang pagitan',
      es: 'Elija un día de inicio igual o anterior al día final, con 366 días de diferencia como máximo',
    },
  },
  EXPORT_TOO_LARGE: {
    code: 40047,
    status: 400,
    message: {
      en: 'The export would have more than 50,000 rows. Choose fewer days or one brand',
      fil: 'Lalampas sa 50,000 na row ang export. Pumili ng mas kaunting araw o isang brand',
      es: 'La exportación tendría más de 50.000 filas. Elija menos días o una marca',
    },
  },
  BRAND_OUT_OF_SCOPE: {
    code: 40346,
    status: 403,
    message: {
      en: 'You may see only your own brand',
      fil: 'Ang sarili mo lang na brand ang maaari mong makita',
      es: 'Solo puede ver su propia marca',
    },
  },
  SCREENING_HOLD: {
    code: 40984,
    status: 409,
    message: {
      en: 'We need to complete a check before any money is sent. We will contact you',
      fil: 'Kailangan muna naming tapusin ang isang pagsusuri bago magpadala ng pera. Makikipag-ugnayan kami sa iyo',
      es: 'Debemos completar una verificación antes de enviar dinero. Nos pondremos en contacto con usted',
    },
  },
  PAYOUT_NOT_RETRYABLE: {
    code: 40985,
    status: 409,
    message: {
      en: 'This payout cannot be retried: it did not fail, or it was already tried again',
      fil: 'Hindi na maaaring subukang muli ang payout na ito: hindi ito pumalya, o nasubukan na itong muli',
      es: 'Este pago no se puede reintentar: no falló o ya se volvió a intentar',
    },
  },
  PAYOUT_ACCOUNT_CHANGED: {
    code: 40986,
    status: 409,
    message: {
      en: 'The borrower has changed the receiving account: wait for the payout to the new account',
      fil: 'Pinalitan ng borrower ang tatanggap na account: hintayin ang payout sa bagong account',
      es: 'El prestatario cambió la cuenta de destino: espere el pago a la nueva cuenta',
    },
  },
  REFUND_NOTHING_OWED: {
    code: 40989,
    status: 409,
    message: {
      en: 'This loan holds no over-payment to refund',
      fil: 'Walang sobrang bayad sa loan na ito na maibabalik',
      es: 'Este préstamo no tiene un pago en exceso que devolver',
    },
  },
  REFUND_TOO_LARGE: {
    code: 40083,
    status: 400,
    message: {
      en: 'The refund is more than the over-payment owed back',
      fil: 'Mas malaki ang refund kaysa sa sobrang bayad na dapat ibalik',
      es: 'La devolución supera el pago en exceso que se debe devolver',
    },
  },
  REFUND_IN_FLIGHT: {
    code: 40990,
    status: 409,
    message: {
      en: 'A refund of this loan is already being sent: wait for its result',
      fil: 'May refund na ipinapadala para sa loan na ito: hintayin ang resulta',
      es: 'Ya se está enviando una devolución de este préstamo: espere su resultado',
    },
  },
  REFUND_NOT_RETRYABLE: {
    code: 40991,
    status: 409,
    message: {
      en: 'This refund cannot be sent again: it did not fail, or it was already sent again',
      fil: 'Hindi na maipapadala muli ang refund na ito: hindi ito pumalya, o naipadala na itong muli',
      es: 'Esta devolución no se puede enviar de nuevo: no falló o ya se volvió a enviar',
    },
  },
  REFUND_NO_ACCOUNT: {
    code: 40084,
    status: 400,
    message: {
      en: 'The borrower has no verified account to send the refund to',
      fil: 'Walang beripikadong account ang borrower na mapagpapadalhan ng refund',
      es: 'El prestatario no tiene una cuenta verificada a la que enviar la devolución',
    },
  },
  LOAN_NOT_CANCELLABLE: {
    code: 40992,
    status: 409,
    message: {
      en: 'This loan cannot be cancelled: its payout is being sent or was paid',
      fil: 'Hindi makakansela ang loan na ito: ipinapadala na o naibigay na ang payout nito',
      es: 'Este préstamo no se puede cancelar: su desembolso se está enviando o ya se pagó',
    },
  },
  OWN_ACCOUNT: {
    code: 40951,
    status: 409,
    message: {
      en: 'You cannot change your own role, sign-in or access: another admin must',
      fil: 'Hindi mo mababago ang sarili mong role, sign-in o access: ibang admin ang dapat gumawa nito',
      es: 'No puede cambiar su propio rol, acceso o inicio de sesión: debe hacerlo otro administrador',
    },
  },
  ROLE_NEEDS_SECOND_ADMIN: {
    code: 40998,
    status: 409,
    message: {
      en: 'An admin or a role that decides or moves money needs a second admin: propose it, and another admin approves it',
      fil: 'Kailangan ng ikalawang admin para sa admin o sa role na nagpapasya o naglilipat ng pera: imungkahi ito at ibang admin ang mag-aapruba',
      es: 'Un administrador o un rol que decide o mueve dinero requiere un segundo administrador: propóngalo y otro administrador lo aprueba',
    },
  },
  TIED_ACCOUNTS: {
    code: 40914,
    status: 409,
    message: {
      en: "Another member must decide this: your account and the maker's may be one person's (one admin created one of them alone, or both)",
      fil: 'Ibang miyembro ang dapat magpasya nito: maaaring iisang tao ang may-ari ng account mo at ng gumawa nito (mag-isang ginawa ng isang admin ang isa sa kanila, o pareho)',
      es: 'Otro miembro debe decidir esto: su cuenta y la de quien lo propuso pueden ser de una misma persona (un administrador creó una de ellas por su cuenta, o ambas)',
    },
  },
  LAST_ADMIN: {
    code: 40999,
    status: 409,
    message: {
      en: 'This is the last active admin: they cannot be disabled or lose the admin role',
      fil: 'Ito ang huling aktibong admin: hindi siya maaaring i-disable o alisan ng admin role',
      es: 'Es el último administrador activo: no se puede desactivar ni quitarle el rol de administrador',
    },
  },
  STAFF_DISABLED: {
    code: 40085,
    status: 400,
    message: {
      en: 'This member is disabled: re-enable them first',
      fil: 'Naka-disable ang miyembrong ito: i-enable muna siya',
      es: 'Este miembro está desactivado: reactívelo primero',
    },
  },
  STAFF_UNCHANGED: {
    code: 40086,
    status: 400,
    message: {
      en: 'Nothing to change: the member is already so',
      fil: 'Walang babaguhin: ganito na ang miyembro',
      es: 'Nada que cambiar: el miembro ya está así',
    },
  },
  REVIEW_REASON_MISMATCH: {
    code: 40095,
    status: 400,
    message: {
      en: 'This reason does not fit the decision',
      fil: 'Hindi tugma ang dahilang ito sa desisyon',
      es: 'Este motivo no corresponde a la decisión',
    },
  },
  // The credit policy console (ADR 0072).
  CREDIT_POLICY_UNCHANGED: {
    code: 40023,
    status: 400,
    message: {
      en: 'This draft is the same as the version in force',
      fil: 'Pareho ang draft na ito sa bersyong umiiral',
      es: 'Este borrador es igual a la versión vigente',
    },
  },
  CHALLENGER_VERSION_INVALID: {
    code: 40024,
    status: 400,
    message: {
      en: 'A challenger is a published version other than the one in force for the brand',
      fil: 'Ang challenger ay isang nailathalang bersyon na iba sa umiiral para sa brand',
      es: 'Un retador es una versión publicada distinta de la vigente para la marca',
    },
  },
  // A reviewer approving a lower amount (ADR 0068).
  REVIEW_AMOUNT_WITH_REJECTION: {
    code: 40026,
    status: 400,
    message: {
      en: 'A lower amount goes with an approval only',
      fil: 'Kasama lang ng pag-apruba ang mas mababang halaga',
      es: 'Un monto menor solo acompaña a una aprobación',
    },
  },
  REVIEW_AMOUNT_NOT_LOWER: {
    code: 40027,
    status: 400,
    message: {
      en: 'The amount to approve must be lower than the {amount} applied for',
      fil: 'Dapat mas mababa ang halagang aaprubahan kaysa sa {amount} na in-apply',
      es: 'El monto a aprobar debe ser menor que los {amount} solicitados',
    },
  },
  REVIEW_AMOUNT_OFF_STEPS: {
    code: 40028,
    status: 400,
    message: {
      en: "Choose one of the product's amounts: from {min} in steps of {step}",
      fil: 'Pumili ng isa sa mga halaga ng produkto: mula {min}, tig-{step} ang pagitan',
      es: 'Elija uno de los montos del producto: desde {min} en pasos de {step}',
    },
  },
  // Staff changing a borrower's credit line (issue 21): a proposal that would change nothing.
  CREDIT_LINE_UNCHANGED: {
    code: 40029,
    status: 400,
    message: {
      en: 'The credit line already has this amount and state',
      fil: 'Ganito na ang halaga at estado ng credit line',
      es: 'La línea de crédito ya tiene este monto y este estado',
    },
  },
  REVIEW_AMOUNT_ABOVE_LINE: {
    code: 40936,
    status: 409,
    message: {
      en: "The borrower's credit line is {line}: approve at most that",
      fil: 'Ang credit line ng borrower ay {line}: hanggang doon lang ang maaaprubahan',
      es: 'La línea de crédito del prestatario es {line}: apruebe como máximo eso',
    },
  },
  APPLICATION_ALREADY_DECIDED: {
    code: 40995,
    status: 409,
    message: {
      en: 'This application was already decided',
      fil: 'Napagpasyahan na ang application na ito',
      es: 'Esta solicitud ya fue decidida',
    },
  },
  APPLICATIONS_STOPPED: {
    code: 40996,
    status: 409,
    message: {
      en: 'New loan applications are paused on your account. Your details are saved. Please contact customer service',
      fil: 'Naka-pause ang mga bagong loan application sa iyong account. Naka-save ang iyong mga detalye. Makipag-ugnayan sa customer service',
      es: 'Las nuevas solicitudes de préstamo están pausadas en su cuenta. Sus datos están guardados. Contacte con atención al cliente',
    },
  },
  APPLICATIONS_STOP_UNCHANGED: {
    code: 40997,
    status: 409,
    message: {
      en: "Nothing changed: the borrower's new applications were already so",
      fil: 'Walang nabago: ganito na ang mga bagong application ng borrower',
      es: 'Nada cambió: las nuevas solicitudes del prestatario ya estaban así',
    },
  },
  NOT_FOUND: {
    code: 40401,
    status: 404,
    message: {
      en: 'We could not find what you were looking for. Please go back and try again',
      fil: 'Hindi namin makita ang hinahanap mo. Bumalik at subukan muli',
      es: 'No encontramos lo que buscaba. Vuelva atrás e inténtelo de nuevo',
    },
  },
  COUPON_NOT_FOUND: {
    code: 40420,
    status: 404,
    message: {
      en: 'This coupon was not found',
      fil: 'Hindi nahanap ang coupon na ito',
      es: 'No se encontró este cupón',
    },
  },
  ALREADY_REGISTERED: {
    code: 40901,
    status: 409,
    message: {
      en: 'This mobile number is already registered. Please log in',
      fil: 'Nakarehistro na ang mobile number na ito. Mag-log in na lang',
      es: 'Este número móvil ya está registrado. Inicie sesión',
    },
  },
  CONFLICT: {
    code: 40902,
    status: 409,
    message: {
      en: 'This was changed in the meantime. Please reload and try again',
      fil: 'Nagbago ito habang naghihintay. I-reload at subukan muli',
      es: 'Esto cambió mientras tanto. Recargue e inténtelo de nuevo',
    },
  },
  BANK_ACCOUNT_EXISTS: {
    code: 40903,
    status: 409,
    message: {
      en: 'Your account is already verified. To change it, ask for a verification code',
      fil: 'Na-verify na ang iyong account. Para palitan ito, humingi ng verification code',
      es: 'Su cuenta ya está verificada. Para cambiarla, solicite un código de verificación',
    },
  },
  APPLICATION_INCOMPLETE: {
    code: 40904,
    status: 409,
    message: {
      en: 'Please finish your application first. Next step: {step}',
      fil: 'Tapusin muna ang iyong application. Susunod na hakbang: {step}',
      es: 'Termine primero su solicitud. Siguiente paso: {step}',
    },
  },
  LOAN_IN_PROGRESS: {
    code: 40905,
    status: 409,
    message: {
      en: 'You already have a loan in progress',
      fil: 'Mayroon ka nang loan na kasalukuyang pinoproseso',
      es: 'Ya tiene un préstamo en curso',
    },
  },
  LOAN_STEP_NOT_ALLOWED: {
    code: 40906,
    status: 409,
    message: {
      en: 'This cannot be done at this stage of your loan. Please reload',
      fil: 'Hindi ito magagawa sa yugtong ito ng iyong loan. Paki-reload',
      es: 'Esto no se puede hacer en esta etapa de su préstamo. Recargue',
    },
  },
  ALREADY_SUBMITTED: {
    code: 40907,
    status: 409,
    message: {
      en: 'Your application was already submitted and can no longer be cancelled',
      fil: 'Naisumite na ang iyong application at hindi na ito maaaring kanselahin',
      es: 'Su solicitud ya fue enviada y ya no se puede cancelar',
    },
  },
  APPLY_AGAIN_LATER: {
    code: 40908,
    status: 409,
    message: {
      en: 'You can apply again on {date}',
      fil: 'Maaari kang mag-apply muli sa {date}',
      es: 'Podrá solicitar de nuevo el {date}',
    },
  },
  // A written-off loan is still owed (ADR 0053): no new loan until it is paid.
  WRITTEN_OFF_STILL_OWED: {
    code: 40987,
    status: 409,
    message: {
      en: 'Your last loan is still unpaid. Once it is paid in full, you can apply again',
      fil: 'Hindi pa bayad ang huli mong loan. Kapag nabayaran na ito nang buo, maaari kang mag-apply muli',
      es: 'Su último préstamo sigue sin pagar. Cuando esté pagado por completo, podrá solicitar otro',
    },
  },
  // Credit lines (ADR 0068): the most the borrower may borrow now.
  CREDIT_LINE_EXCEEDED: {
    code: 40934,
    status: 409,
    message: {
      en: 'You can borrow up to {line} for now. Each loan you repay on time raises this limit',
      fil: 'Hanggang {line} lang ang maaari mong hiramin sa ngayon. Tumataas ang limitasyong ito sa bawat loan na nabayaran mo sa oras',
      es: 'Por ahora puede pedir hasta {line}. Cada préstamo que pague a tiempo aumenta este límite',
    },
  },
  // Repayment (issue "Repayment"): 400xx and 409xx with n in 30-39.
  REPAYMENT_BELOW_MINIMUM: {
    code: 40030,
    status: 400,
    message: {
      en: 'Please pay more than {min}',
      fil: 'Magbayad nang higit sa {min}',
      es: 'Pague más de {min}',
    },
  },
  REPAYMENT_NOT_INTEGER: {
    code: 40031,
    status: 400,
    message: {
      en: 'Please enter the amount in whole pesos, without centavos',
      fil: 'Maglagay ng buong halaga sa piso (walang sentimo)',
      es: 'Introduzca el monto en pesos enteros, sin centavos',
    },
  },
  REPAYMENT_ABOVE_DUE: {
    code: 40032,
    status: 400,
    message: {
      en: 'The amount is more than you owe ({due})',
      fil: 'Mas malaki ang halaga kaysa sa utang mo ({due})',
      es: 'El monto es mayor que lo que debe ({due})',
    },
  },
  // Promises to pay (issue 22, ADR 0075): 40037-40039 and 40952-40954.
  PROMISE_DATE_OUT_OF_RANGE: {
    code: 40037,
    status: 400,
    message: {
      en: 'Please choose a day from today to {last}',
      fil: 'Pumili ng araw mula ngayon hanggang {last}',
      es: 'Elija un día desde hoy hasta el {last}',
    },
  },
  PROMISE_BELOW_MINIMUM: {
    code: 40038,
    status: 400,
    message: {
      en: 'Please promise at least {min}',
      fil: 'Mangako ng hindi bababa sa {min}',
      es: 'Prometa al menos {min}',
    },
  },
  PROMISE_ABOVE_DUE: {
    code: 40039,
    status: 400,
    message: {
      en: 'The amount is more than you owe ({due})',
      fil: 'Mas malaki ang halaga kaysa sa utang mo ({due})',
      es: 'El monto es mayor que lo que debe ({due})',
    },
  },
  PROMISE_ALREADY_RUNNING: {
    code: 40952,
    status: 409,
    message: {
      en: 'You already promised to pay {amount} on {date}. Pay it, or wait until that day has passed',
      fil: 'Nangako ka nang magbayad ng {amount} sa {date}. Bayaran ito, o hintaying lumipas ang araw na iyon',
      es: 'Ya prometió pagar {amount} el {date}. Páguelo, o espere a que pase ese día',
    },
  },
  PROMISE_NOT_OVERDUE: {
    code: 40953,
    status: 409,
    message: {
      en: 'This loan is not overdue, so there is nothing to promise. You can pay it at any time',
      fil: 'Hindi overdue ang loan na ito, kaya walang kailangang ipangako. Puwede mo itong bayaran kahit kailan',
      es: 'Este préstamo no está atrasado, así que no hay nada que prometer. Puede pagarlo en cualquier momento',
    },
  },
  PROMISE_NOT_RUNNING: {
    code: 40954,
    status: 409,
    message: {
      en: 'This promise is no longer running: it was kept, broken or cancelled',
      fil: 'Hindi na tumatakbo ang pangakong ito: natupad, hindi natupad, o kinansela na',
      es: 'Esta promesa ya no está en curso: se cumplió, se incumplió o se canceló',
    },
  },
  // Collection cases (issue 22, ADR 0074): 40033-40036 and 40946-40949.
  CASE_ASSIGNEE_NOT_AGENT: {
    code: 40033,
    status: 400,
    message: {
      en: 'Cases can be given only to an active collections agent of their brand',
      fil: 'Maaari lang ibigay ang mga kaso sa aktibong collections agent ng kanilang brand',
      es: 'Los casos solo pueden asignarse a un agente de cobranza activo de su marca',
    },
  },
  CONTACT_IN_FUTURE: {
    code: 40034,
    status: 400,
    message: {
      en: 'A contact cannot be logged in the future',
      fil: 'Hindi maaaring i-log ang isang contact sa hinaharap',
      es: 'No se puede registrar un contacto en el futuro',
    },
  },
  NEXT_ACTION_IN_PAST: {
    code: 40035,
    status: 400,
    message: {
      en: 'The next action date cannot be in the past',
      fil: 'Hindi maaaring nasa nakaraan ang petsa ng susunod na aksyon',
      es: 'La fecha de la próxima acción no puede estar en el pasado',
    },
  },
  NEXT_ACTION_TOO_FAR: {
    code: 40036,
    status: 400,
    message: {
      en: 'The next action date must be within a year',
      fil: 'Dapat nasa loob ng isang taon ang petsa ng susunod na aksyon',
      es: 'La fecha de la próxima acción debe estar dentro de un año',
    },
  },
  CASE_CLOSED: {
    code: 40946,
    status: 409,
    message: {
      en: 'This case is closed',
      fil: 'Sarado na ang kasong ito',
      es: 'Este caso está cerrado',
    },
  },
  ASSIGNMENT_RULE_EXISTS: {
    code: 40947,
    status: 409,
    message: {
      en: 'A rule for this brand and bucket already exists',
      fil: 'May patakaran na para sa brand at bucket na ito',
      es: 'Ya existe una regla para esta marca y este tramo',
    },
  },
  ORDER_TIMED_OUT: {
    code: 40930,
    status: 409,
    message: {
      en: 'This payment has expired. Please start it again',
      fil: 'Nag-expire na ang bayad na ito. Simulan itong muli',
      es: 'Este pago ha caducado. Vuelva a empezarlo',
    },
  },
  NO_PAYMENT_METHOD: {
    code: 40931,
    status: 409,
    message: {
      en: 'This way to pay is not available right now. Please choose another',
      fil: 'Hindi available ngayon ang paraang ito ng pagbabayad. Pumili ng iba',
      es: 'Esta forma de pago no está disponible ahora. Elija otra',
    },
  },
  NOTHING_TO_REPAY: {
    code: 40932,
    status: 409,
    message: {
      en: 'This loan has nothing to pay now',
      fil: 'Walang kailangang bayaran sa loan na ito ngayon',
      es: 'Este préstamo no tiene nada que pagar ahora',
    },
  },
  PAYMENT_ALREADY_SETTLED: {
    code: 40933,
    status: 409,
    message: {
      en: 'This payment was already completed',
      fil: 'Tapos na ang bayad na ito',
      es: 'Este pago ya se completó',
    },
  },
  DIFFERENCE_ALREADY_RESOLVED: {
    code: 40935,
    status: 409,
    message: {
      en: 'This difference was already resolved',
      fil: 'Naayos na ang pagkakaibang ito',
      es: 'Esta diferencia ya se resolvió',
    },
  },
  CREDIT_POLICY_CHANGED: {
    code: 40915,
    status: 409,
    message: {
      en: 'Another version was published since this draft was made: open the policy again and redo the draft',
      fil: 'May ibang bersyong nailathala mula nang gawin ang draft na ito: buksan muli ang patakaran at ulitin ang draft',
      es: 'Se publicó otra versión desde que se hizo este borrador: abra de nuevo la política y rehaga el borrador',
    },
  },
  CHALLENGER_NONE: {
    code: 40916,
    status: 409,
    message: {
      en: 'This brand has no challenger to end',
      fil: 'Walang challenger ang brand na ito na tatapusin',
      es: 'Esta marca no tiene un retador que terminar',
    },
  },
  AGREEMENT_NOT_SIGNED: {
    code: 40910,
    status: 409,
    message: {
      en: 'Please sign the loan agreement first',
      fil: 'Pakipirmahan muna ang kasunduan sa loan',
      es: 'Firme primero el contrato de préstamo',
    },
  },
  ALREADY_DISBURSED: {
    code: 40911,
    status: 409,
    message: {
      en: 'This loan was already paid out',
      fil: 'Naipadala na ang pera ng loan na ito',
      es: 'Este préstamo ya fue desembolsado',
    },
  },
  PAYOUT_FAILED_CHANGE_ACCOUNT: {
    code: 40912,
    status: 409,
    message: {
      en: 'We could not send the money to this account. Please change your receiving account',
      fil: 'Hindi namin maipadala ang pera sa account na ito. Pakipalitan ang iyong tatanggap na account',
      es: 'No pudimos enviar el dinero a esta cuenta. Cambie su cuenta de destino',
    },
  },
  PAYOUT_AMOUNT_MISMATCH: {
    code: 40980,
    status: 409,
    message: {
      en: 'The amount reported does not match the amount of this payout',
      fil: 'Hindi tugma ang iniulat na halaga sa halaga ng payout na ito',
      es: 'El importe informado no coincide con el importe de este desembolso',
    },
  },
  ACCOUNT_STILL_CHECKING: {
    code: 40913,
    status: 409,
    message: {
      en: 'Your receiving account is still being checked. Please try again in a moment',
      fil: 'Sinusuri pa ang iyong tatanggap na account. Pakisubukan muli mamaya',
      es: 'Su cuenta de destino aún se está verificando. Inténtelo de nuevo en un momento',
    },
  },
  NOTHING_TO_APPLY_AGAIN: {
    code: 40920,
    status: 409,
    message: {
      en: 'There is no cancelled or rejected application to apply again for. Please apply for a new loan',
      fil: 'Walang kinansela o tinanggihang application na mauulit. Mag-apply ng bagong loan',
      es: 'No hay una solicitud cancelada o rechazada que repetir. Solicite un préstamo nuevo',
    },
  },
  ATTEMPT_TIMED_OUT: {
    code: 40921,
    status: 409,
    message: {
      en: 'This application has timed out, please try again',
      fil: 'Nag-time out ang application na ito, pakisubukan muli',
      es: 'Esta solicitud ha caducado, inténtelo de nuevo',
    },
  },
  COUPON_ALREADY_USED: {
    code: 40922,
    status: 409,
    message: {
      en: 'This coupon has already been used',
      fil: 'Nagamit na ang coupon na ito',
      es: 'Este cupón ya se utilizó',
    },
  },
  COUPON_EXPIRED: {
    code: 40923,
    status: 409,
    message: {
      en: 'This coupon expired on {date}',
      fil: 'Nag-expire ang coupon na ito noong {date}',
      es: 'Este cupón caducó el {date}',
    },
  },
  // A person's review of a refusal (issue 21; ADR 0073): only a refusal she is still waiting out can be lifted.
  REAPPLY_NOT_WAITING: {
    code: 40924,
    status: 409,
    message: {
      en: 'This borrower is not waiting out a refusal: there is nothing to lift',
      fil: 'Walang hinihintay na pagtanggi ang borrower na ito: walang aalisin',
      es: 'Este prestatario no está esperando tras un rechazo: no hay nada que levantar',
    },
  },
  EXTENSION_NOT_AVAILABLE: {
    code: 40940,
    status: 409,
    message: {
      en: 'An extension is not available for this loan',
      fil: 'Walang extension para sa loan na ito',
      es: 'No hay prórroga disponible para este préstamo',
    },
  },
  EXTENSION_TIMED_OUT: {
    code: 40941,
    status: 409,
    message: {
      en: 'This payment has expired. Please start it again',
      fil: 'Nag-expire na ang bayad na ito. Simulan itong muli',
      es: 'Este pago ha caducado. Vuelva a empezarlo',
    },
  },
  VOUCHER_ALREADY_REVIEWED: {
    code: 40942,
    status: 409,
    message: {
      en: 'This payment proof was already reviewed',
      fil: 'Nasuri na ang patunay ng bayad na ito',
      es: 'Este comprobante de pago ya fue revisado',
    },
  },
  CLEARANCE_NOT_READY: {
    code: 40943,
    status: 409,
    message: {
      en: 'The clearance letter is ready once your loan is paid in full',
      fil: 'Makukuha ang clearance letter kapag bayad na nang buo ang iyong loan',
      es: 'La carta de liquidación estará lista cuando su préstamo esté pagado por completo',
    },
  },
  VOUCHER_UNDER_REVIEW: {
    code: 40944,
    status: 409,
    message: {
      en: 'A payment proof for this loan is already being reviewed. We answer within 48 hours',
      fil: 'May patunay ng bayad para sa loan na ito na sinusuri na. Sasagot kami sa loob ng 48 oras',
      es: 'Ya se está revisando un comprobante de pago de este préstamo. Respondemos en 48 horas',
    },
  },
  NOTHING_TO_PAY: {
    code: 40945,
    status: 409,
    message: {
      en: 'This loan has nothing left to pay',
      fil: 'Wala nang babayaran sa loan na ito',
      es: 'Este préstamo no tiene nada pendiente de pago',
    },
  },
  PRODUCT_ABOVE_CAPS: {
    code: 40970,
    status: 409,
    message: {
      en: 'This loan cannot be offered right now. Please try again later or contact Customer Service',
      fil: 'Hindi maialok ang loan na ito ngayon. Pakisubukan mamaya o makipag-ugnayan sa Customer Service',
      es: 'Este préstamo no se puede ofrecer ahora. Inténtelo más tarde o contacte con Atención al cliente',
    },
  },
  PRODUCT_TERMS_ABOVE_CAPS: {
    code: 40071,
    status: 400,
    message: {
      en: 'These terms break a pricing cap',
      fil: 'Lumalampas ang mga terminong ito sa isang hangganan ng singil',
      es: 'Estas condiciones superan un límite de precios',
    },
  },
  PRODUCT_UNCHANGED: {
    code: 40072,
    status: 400,
    message: {
      en: 'These terms are the same as the product’s current version',
      fil: 'Pareho ang mga terminong ito sa kasalukuyang bersyon ng produkto',
      es: 'Estas condiciones son las mismas que la versión actual del producto',
    },
  },
  PRODUCT_EXISTS: {
    code: 40971,
    status: 409,
    message: {
      en: 'A product with this id already exists',
      fil: 'May produkto nang may ganitong id',
      es: 'Ya existe un producto con este identificador',
    },
  },
  PRODUCT_VERSION_CHANGED: {
    code: 40972,
    status: 409,
    message: {
      en: 'This product has changed since you opened it: reload it and propose again',
      fil: 'Nagbago ang produktong ito mula nang buksan mo: i-reload ito at magmungkahi muli',
      es: 'Este producto cambió desde que lo abrió: vuelva a cargarlo y propóngalo de nuevo',
    },
  },
  BRAND_CONTRAST_TOO_LOW: {
    code: 40055,
    status: 400,
    message: {
      en: 'These colours are too close to read (WCAG AA contrast)',
      fil: 'Masyadong magkalapit ang mga kulay para mabasa (WCAG AA contrast)',
      es: 'Estos colores están demasiado próximos para leerse (contraste WCAG AA)',
    },
  },
  BRAND_EXISTS: {
    code: 40955,
    status: 409,
    message: {
      en: 'A brand with this package name already exists',
      fil: 'May brand na gumagamit ng package name na ito',
      es: 'Ya existe una marca con este nombre de paquete',
    },
  },
  BRAND_UNCHANGED: {
    code: 40956,
    status: 409,
    message: {
      en: 'Nothing in this brand would change',
      fil: 'Walang magbabago sa brand na ito',
      es: 'Nada cambiaría en esta marca',
    },
  },
  PAYLOAD_TOO_LARGE: {
    code: 41301,
    status: 413,
    message: {
      en: 'What you sent is too large',
      fil: 'Masyadong malaki ang ipinadala mo',
      es: 'Lo que envió es demasiado grande',
    },
  },
  IMAGE_TOO_LARGE: {
    code: 41302,
    status: 413,
    message: {
      en: 'The photo is too large: at most {max} MB',
      fil: 'Masyadong malaki ang larawan: hanggang {max} MB lamang',
      es: 'La foto es demasiado grande: como máximo {max} MB',
    },
  },
  LOGO_TOO_LARGE: {
    code: 41355,
    status: 413,
    message: {
      en: 'The logo is too large: at most {max} KB',
      fil: 'Masyadong malaki ang logo: hanggang {max} KB lamang',
      es: 'El logotipo es demasiado grande: como máximo {max} KB',
    },
  },
  HEADERS_TOO_LARGE: {
    code: 43101,
    status: 431,
    message: {
      en: 'What the app sent is too large to read. Please try again',
      fil: 'Masyadong malaki ang ipinadala ng app para mabasa. Pakisubukan muli',
      es: 'Lo que envió la aplicación es demasiado grande para leerlo. Inténtelo de nuevo',
    },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    code: 41501,
    status: 415,
    message: {
      en: 'This kind of file is not accepted here',
      fil: 'Hindi tinatanggap dito ang ganitong uri ng file',
      es: 'Este tipo de archivo no se acepta aquí',
    },
  },
  NOT_AN_IMAGE: {
    code: 41502,
    status: 415,
    message: {
      en: 'Please choose a photo (JPG, PNG or WebP)',
      fil: 'Pumili ng larawan (JPG, PNG o WebP)',
      es: 'Elija una foto (JPG, PNG o WebP)',
    },
  },
  LOGO_NOT_AN_IMAGE: {
    code: 41555,
    status: 415,
    message: {
      en: 'The logo must be a PNG, JPEG or WebP image (SVG is not accepted)',
      fil: 'Dapat PNG, JPEG o WebP na larawan ang logo (hindi tinatanggap ang SVG)',
      es: 'El logotipo debe ser una imagen PNG, JPEG o WebP (no se acepta SVG)',
    },
  },
  TOO_MANY_REQUESTS: {
    code: 42901,
    status: 429,
    message: {
      en: 'Too many attempts. Please wait {seconds} seconds and try again',
      fil: 'Masyadong maraming subok. Maghintay ng {seconds} segundo at subukan muli',
      es: 'Demasiados intentos. Espere {seconds} segundos e inténtelo de nuevo',
    },
  },
  // Documents (ADR 0062): each person has at most a few PDFs rendered at once.
  DOCUMENTS_IN_PROGRESS: {
    code: 42906,
    status: 429,
    message: {
      en: 'Your other documents are still being prepared. Please wait {seconds} seconds and try again',
      fil: 'Inihahanda pa ang iba mong dokumento. Maghintay ng {seconds} segundo at subukan muli',
      es: 'Sus otros documentos aún se están preparando. Espere {seconds} segundos e inténtelo de nuevo',
    },
  },
  INTERNAL_ERROR: {
    code: 50001,
    status: 500,
    message: {
      en: 'Something went wrong on our side. Please try again',
      fil: 'Nagka-problema sa aming panig. Pakisubukan muli',
      es: 'Algo falló de nuestro lado. Inténtelo de nuevo',
    },
  },
  NOT_READY: {
    code: 50301,
    status: 503,
    message: {
      en: 'The service is not ready. Please try again shortly',
      fil: 'Hindi pa handa ang serbisyo. Pakisubukan muli mamaya',
      es: 'El servicio no está listo. Inténtelo de nuevo en un momento',
    },
  },
  PROVIDER_UNAVAILABLE: {
    code: 50302,
    status: 503,
    message: {
      en: 'This service is not answering right now. Please try again in a few minutes',
      fil: 'Hindi sumasagot ang serbisyong ito ngayon. Pakisubukan muli pagkalipas ng ilang minuto',
      es: 'Este servicio no responde en este momento. Inténtelo de nuevo en unos minutos',
    },
  },
  SMS_NOT_SENT: {
    code: 50303,
    status: 503,
    message: {
      en: 'We could not send the text message. Please try again later',
      fil: 'Hindi namin naipadala ang text message. Pakisubukan muli mamaya',
      es: 'No pudimos enviar el mensaje de texto. Inténtelo de nuevo más tarde',
    },
  },
  SHUTTING_DOWN: {
    code: 50304,
    status: 503,
    message: {
      en: 'The service is restarting. Please try again in a moment',
      fil: 'Nagre-restart ang serbisyo. Pakisubukan muli sandali',
      es: 'El servicio se está reiniciando. Inténtelo de nuevo en un momento',
    },
  },
  COLLECTIONS_UNAVAILABLE: {
    code: 50306,
    status: 503,
    message: {
      en: 'The payment service is not answering. Please try again in a few minutes or choose another way to pay',
      fil: 'Hindi sumasagot ang serbisyo ng bayad. Pakisubukan muli pagkalipas ng ilang minuto o pumili ng ibang paraan ng pagbayad',
      es: 'El servicio de pagos no responde. Inténtelo de nuevo en unos minutos o elija otra forma de pago',
    },
  },
  CHANNEL_NOT_OFFERED: {
    code: 50307,
    status: 503,
    message: {
      en: 'This way to pay is not available. Please choose another one',
      fil: 'Hindi available ang paraang ito ng pagbayad. Pumili ng iba',
      es: 'Esta forma de pago no está disponible. Elija otra',
    },
  },
  DOCUMENTS_BUSY: {
    code: 50308,
    status: 503,
    message: {
      en: 'Many documents are being prepared right now. Please try again in {seconds} seconds',
      fil: 'Maraming dokumento ang inihahanda ngayon. Pakisubukan muli pagkalipas ng {seconds} segundo',
      es: 'Se están preparando muchos documentos en este momento. Inténtelo de nuevo en {seconds} segundos',
    },
  },
  DOCUMENT_NOT_PREPARED: {
    code: 50309,
    status: 503,
    message: {
      en: 'We could not prepare this document. Please try again in a minute',
      fil: 'Hindi namin naihanda ang dokumentong ito. Pakisubukan muli pagkalipas ng isang minuto',
      es: 'No pudimos preparar este documento. Inténtelo de nuevo en un minuto',
    },
  },
  DISPUTE_ALREADY_OPEN: {
    code: 40957,
    status: 409,
    message: {
      en: 'A dispute is already open on this case',
      fil: 'May bukas nang dispute sa kasong ito',
      es: 'Ya hay una disputa abierta en este caso',
    },
  },
  DISPUTE_NOT_OPEN: {
    code: 40958,
    status: 409,
    message: {
      en: 'This dispute is no longer open',
      fil: 'Hindi na bukas ang dispute na ito',
      es: 'Esta disputa ya no está abierta',
    },
  },
  DUNNING_UNCHANGED: {
    code: 40959,
    status: 409,
    message: {
      en: 'Nothing in this dunning rule or message would change',
      fil: 'Walang magbabago sa dunning rule o mensaheng ito',
      es: 'Nada cambiaría en esta regla o mensaje de cobro',
    },
  },
  CONTACT_QUIET_HOURS: {
    code: 42910,
    status: 429,
    message: {
      en: 'No borrower is contacted between 22:00 and 06:00 Manila time. Try again from {time}',
      fil: 'Walang borrower na kinokontak mula 22:00 hanggang 06:00 oras sa Maynila. Subukan muli simula {time}',
      es: 'No se contacta a ninguna prestataria entre las 22:00 y las 06:00, hora de Manila. Inténtelo desde las {time}',
    },
  },
  CONTACT_DAILY_CAP: {
    code: 42911,
    status: 429,
    message: {
      en: 'The borrower was already contacted {count} times today, the most allowed. Try again tomorrow',
      fil: 'Nakontak na ang borrower nang {count} beses ngayong araw, ang pinakamarami. Subukan muli bukas',
      es: 'Ya se contactó a la prestataria {count} veces hoy, el máximo permitido. Inténtelo mañana',
    },
  },
  CONTACT_WEEKLY_CAP: {
    code: 42912,
    status: 429,
    message: {
      en: 'The borrower was already contacted {count} times in seven days, the most allowed. Try again from {date}',
      fil: 'Nakontak na ang borrower nang {count} beses sa loob ng pitong araw, ang pinakamarami. Subukan muli simula {date}',
      es: 'Ya se contactó a la prestataria {count} veces en siete días, el máximo permitido. Inténtelo desde el {date}',
    },
  },
  COOLING_OFF_OVER: {
    code: 40975,
    status: 409,
    message: {
      en: 'The cooling-off period of this loan is over: it can no longer be cancelled, but you may repay it at any time',
      fil: 'Tapos na ang cooling-off period ng loan na ito: hindi na ito makakansela, pero puwede mo itong bayaran anumang oras',
      es: 'El periodo de desistimiento de este préstamo terminó: ya no se puede cancelar, pero puede pagarlo en cualquier momento',
    },
  },
  COOLING_OFF_NOT_OFFERED: {
    code: 40976,
    status: 409,
    message: {
      en: 'This loan has no cooling-off period',
      fil: 'Walang cooling-off period ang loan na ito',
      es: 'Este préstamo no tiene periodo de desistimiento',
    },
  },
  // Collection agencies (issue 22, ADR 0078): 40056-40059 and 40977-40979.
  AGENCY_UNCHANGED: {
    code: 40056,
    status: 400,
    message: {
      en: 'Nothing to change: the agency already reads so',
      fil: 'Walang babaguhin: ganito na ang nakatala sa ahensya',
      es: 'Nada que cambiar: la agencia ya figura así',
    },
  },
  COMMISSION_BACKDATED: {
    code: 40057,
    status: 400,
    message: {
      en: 'A commission rate starts today or later: commission already earned is not recomputed',
      fil: 'Ang commission rate ay magsisimula ngayon o sa susunod: hindi na binabago ang commission na nakuha na',
      es: 'Una tasa de comisión empieza hoy o después: la comisión ya ganada no se recalcula',
    },
  },
  AGENCY_INACTIVE: {
    code: 40058,
    status: 400,
    message: {
      en: 'This agency does not take cases now: it is inactive',
      fil: 'Hindi tumatanggap ng kaso ang ahensyang ito ngayon: hindi ito aktibo',
      es: 'Esta agencia no recibe casos ahora: está inactiva',
    },
  },
  AGENCY_OTHER_BRAND: {
    code: 40059,
    status: 400,
    message: {
      en: "A case can only be placed with an agency of the loan's own brand",
      fil: 'Ang kaso ay mailalagay lamang sa ahensya ng brand ng loan',
      es: 'Un caso solo puede asignarse a una agencia de la propia marca del préstamo',
    },
  },
  AGENCY_SEC_TAKEN: {
    code: 40977,
    status: 409,
    message: {
      en: 'An agency with this SEC registration number is already registered for this brand',
      fil: 'May nakarehistro nang ahensya na may ganitong SEC registration number para sa brand na ito',
      es: 'Ya hay una agencia con este número de registro SEC para esta marca',
    },
  },
  CASE_NOT_PLACEABLE: {
    code: 40978,
    status: 409,
    message: {
      en: 'This case cannot be placed with an agency now: it is closed, disputed, in hardship or already placed',
      fil: 'Hindi mailalagay sa ahensya ang kasong ito ngayon: sarado, may dispute, nasa hardship o nakalagay na',
      es: 'Este caso no puede asignarse a una agencia ahora: está cerrado, en disputa, en dificultad o ya asignado',
    },
  },
  CASE_NOT_PLACED: {
    code: 40979,
    status: 409,
    message: {
      en: 'This case is not placed with an agency: there is nothing to recall',
      fil: 'Hindi nakalagay sa ahensya ang kasong ito: walang babawiin',
      es: 'Este caso no está asignado a una agencia: no hay nada que retirar',
    },
  },
  // Hardship (issue 22; ADR 0077): restructures and payment holidays.
  PAYMENT_HOLIDAY_OVERLAPS: {
    code: 40048,
    status: 400,
    message: {
      en: 'Penalties on this loan are already paused for some of these days',
      fil: 'Naka-pause na ang penalty ng loan na ito sa ilan sa mga araw na ito',
      es: 'Las penalidades de este préstamo ya están en pausa durante algunos de estos días',
    },
  },
  RESTRUCTURE_ABOVE_CAPS: {
    code: 40968,
    status: 409,
    message: {
      en: 'This new schedule is priced above the caps in force today. Lower its interest or penalty, or forgive more',
      fil: 'Lampas sa mga cap na umiiral ngayon ang presyo ng bagong schedule. Babaan ang interes o penalty, o magpatawad ng mas malaki',
      es: 'Este nuevo calendario supera los topes vigentes hoy. Baje su interés o su penalidad, o condone más',
    },
  },
  RESTRUCTURE_NOT_ALLOWED: {
    code: 40969,
    status: 409,
    message: {
      en: 'Only a loan that is overdue, or whose case is in hardship, can be restructured',
      fil: 'Ang loan lang na overdue, o may kasong hardship, ang puwedeng i-restructure',
      es: 'Solo se puede reestructurar un préstamo vencido, o cuyo caso está en dificultad',
    },
  },
  RESTRUCTURE_AWAITING_SIGNATURE: {
    code: 40973,
    status: 409,
    message: {
      en: 'A new schedule for this loan is already waiting for the borrower to sign it',
      fil: 'May bagong schedule na para sa loan na ito na naghihintay ng pirma ng borrower',
      es: 'Ya hay un nuevo calendario para este préstamo esperando la firma del prestatario',
    },
  },
  RESTRUCTURE_LAPSED: {
    code: 40974,
    status: 409,
    message: {
      en: 'This new schedule was not signed in time and is no longer offered. Please contact us',
      fil: 'Hindi napirmahan sa takdang oras ang bagong schedule na ito at hindi na ito inaalok. Makipag-ugnayan sa amin',
      es: 'Este nuevo calendario no se firmó a tiempo y ya no se ofrece. Contáctenos',
    },
  },
  // Data subjects' requests (issue 23, ADR 0082): 40068, 40069, 40988.
  PRIVACY_REFUSAL_NEEDS_REASON: {
    code: 40068,
    status: 400,
    message: {
      en: 'Say why the request is refused: the borrower reads the reason',
      fil: 'Sabihin kung bakit tinatanggihan ang kahilingan: mababasa ng borrower ang dahilan',
      es: 'Diga por qué se rechaza la solicitud: el prestatario leerá el motivo',
    },
  },
  PRIVACY_NOT_AN_ARCHIVE_REQUEST: {
    code: 40069,
    status: 400,
    message: {
      en: 'Only an access or portability request is answered with the archive of her data',
      fil: 'Ang kahilingan lamang para sa access o portability ang sinasagot ng archive ng kanyang datos',
      es: 'Solo una solicitud de acceso o portabilidad se responde con el archivo de sus datos',
    },
  },
  PRIVACY_REQUEST_ANSWERED: {
    code: 40988,
    status: 409,
    message: {
      en: 'This request has already been answered',
      fil: 'Nasagot na ang kahilingang ito',
      es: 'Esta solicitud ya fue respondida',
    },
  },
  // The borrower's privacy requests from the app (issue 23, ADR 0086): 40087, 40937, 42913, 42914.
  PRIVACY_CORRECTION_UNCHANGED: {
    code: 40087,
    status: 400,
    message: {
      en: 'What it should be is the same as what is there now. Please write the correct value',
      fil: 'Pareho ang dapat na nakalagay at ang nakalagay ngayon. Isulat ang tamang sagot',
      es: 'Lo que debería ser es igual a lo que hay ahora. Escriba el dato correcto',
    },
  },
  PRIVACY_ERASURE_ALREADY_ASKED: {
    code: 40937,
    status: 409,
    message: {
      en: 'You already asked us to delete your account. See the answer under Your requests',
      fil: 'Humiling ka na na burahin ang iyong account. Tingnan ang sagot sa Iyong mga kahilingan',
      es: 'Ya nos pidió borrar su cuenta. Vea la respuesta en Sus solicitudes',
    },
  },
  PRIVACY_DOWNLOADS_TODAY: {
    code: 42913,
    status: 429,
    message: {
      en: 'You can download your data {max} times a day. Please try again in {hours} hours',
      fil: 'Puwede mong i-download ang iyong datos nang {max} beses sa isang araw. Subukan muli pagkalipas ng {hours} oras',
      es: 'Puede descargar sus datos {max} veces al día. Inténtelo de nuevo en {hours} horas',
    },
  },
  PRIVACY_REQUESTS_TODAY: {
    code: 42914,
    status: 429,
    message: {
      en: 'You can send {max} requests a day. Please try again in {hours} hours',
      fil: 'Puwede kang magpadala ng {max} kahilingan sa isang araw. Subukan muli pagkalipas ng {hours} oras',
      es: 'Puede enviar {max} solicitudes al día. Inténtelo de nuevo en {hours} horas',
    },
  },
  // The CIC submission register (issue 23, ADR 0084): 40060-40064, 40917-40919.
  CIC_MONTH_NOT_BEGUN: {
    code: 40060,
    status: 400,
    message: {
      en: 'This month has not begun: there is nothing to report yet',
      fil: 'Hindi pa nagsisimula ang buwang ito: wala pang maiuulat',
      es: 'Este mes aún no ha comenzado: todavía no hay nada que reportar',
    },
  },
  CIC_NO_PROVIDER_CODE: {
    code: 40061,
    status: 400,
    message: {
      en: 'This brand has no CIC provider code yet: set it in the brand settings first',
      fil: 'Wala pang CIC provider code ang brand na ito: itakda muna ito sa settings ng brand',
      es: 'Esta marca aún no tiene código de proveedor de la CIC: configúrelo primero en la marca',
    },
  },
  CIC_FILE_INVALID: {
    code: 40062,
    status: 400,
    message: {
      en: "The file breaks the CIC format's rules and was not kept: see the problems listed",
      fil: 'Lumalabag ang file sa mga patakaran ng format ng CIC at hindi ito itinago: tingnan ang mga problemang nakalista',
      es: 'El archivo no cumple las reglas del formato de la CIC y no se guardó: vea los problemas indicados',
    },
  },
  CIC_ERROR_REPORT_UNREADABLE: {
    code: 40063,
    status: 400,
    message: {
      en: 'The error report could not be read: each line needs a record type, a line of this file, a field, an error code and a message, separated by vertical bars',
      fil: 'Hindi mabasa ang error report: bawat linya ay kailangang may record type, linya ng file na ito, field, error code at mensahe, na pinaghihiwalay ng patayong guhit',
      es: 'No se pudo leer el informe de errores: cada línea necesita un tipo de registro, una línea de este archivo, un campo, un código de error y un mensaje, separados por barras verticales',
    },
  },
  CIC_DISPUTE_NEEDS_REASON: {
    code: 40064,
    status: 400,
    message: {
      en: 'Say why the dispute is rejected: the reason is kept with it',
      fil: 'Sabihin kung bakit tinatanggihan ang dispute: itatago ang dahilan kasama nito',
      es: 'Diga por qué se rechaza la disputa: el motivo se guarda con ella',
    },
  },
  CIC_ALREADY_SUBMITTED: {
    code: 40917,
    status: 409,
    message: {
      en: 'This file is already marked as submitted to the CIC',
      fil: 'Naka-marka na ang file na ito bilang naipasa sa CIC',
      es: 'Este archivo ya está marcado como enviado a la CIC',
    },
  },
  CIC_NOTHING_TO_CORRECT: {
    code: 40918,
    status: 409,
    message: {
      en: 'Nothing to correct: no record of this file is in error and no upheld dispute is about its loans',
      fil: 'Walang itatama: walang record ng file na ito ang may error at walang upheld na dispute tungkol sa mga loan nito',
      es: 'Nada que corregir: ningún registro de este archivo tiene errores y ninguna disputa aceptada trata de sus préstamos',
    },
  },
  CIC_DISPUTE_RESOLVED: {
    code: 40919,
    status: 409,
    message: {
      en: 'This dispute has already been resolved',
      fil: 'Naresolba na ang dispute na ito',
      es: 'Esta disputa ya fue resuelta',
    },
  },
  // The breach register and the compliance calendar (issue 23, ADR 0087): 40092-40094, 40096-40098,
  // 40948, 40993, 40994.
  BREACH_UNKNOWN_BORROWERS: {
    code: 40092,
    status: 400,
    message: {
      en: 'Some of the borrowers listed are not found in this brand: check the ids and numbers',
      fil: 'Hindi makita sa brand na ito ang ilan sa mga borrower na nakalista: suriin ang mga id at numero',
      es: 'Algunos prestatarios de la lista no existen en esta marca: revise los identificadores y números',
    },
  },
  BREACH_NO_BORROWERS: {
    code: 40093,
    status: 400,
    message: {
      en: 'The selection finds no borrower: a breach is recorded with the borrowers whose data it touched',
      fil: 'Walang borrower na nakita sa pinili: itinatala ang breach kasama ang mga borrower na naapektuhan ang datos',
      es: 'La selección no encuentra ningún prestatario: una brecha se registra con los prestatarios cuyos datos afectó',
    },
  },
  BREACH_TIMES_INVALID: {
    code: 40094,
    status: 400,
    message: {
      en: 'A breach is found after it happens, and neither is in the future',
      fil: 'Natutuklasan ang breach pagkatapos itong mangyari, at wala sa dalawa ang nasa hinaharap',
      es: 'Una brecha se descubre después de ocurrir, y ninguna de las dos fechas está en el futuro',
    },
  },
  COMPLIANCE_BRAND_REQUIRED: {
    code: 40096,
    status: 400,
    message: {
      en: 'Choose the brand (lender): there are several',
      fil: 'Piliin ang brand (nagpapautang): marami ang mga ito',
      es: 'Elija la marca (prestamista): hay varias',
    },
  },
  BREACH_SIGN_UP_RANGE_INVALID: {
    code: 40097,
    status: 400,
    message: {
      en: 'The first sign-up day must not be after the last',
      fil: 'Hindi dapat mauna ang huling araw ng pag-sign up sa unang araw',
      es: 'El primer día de registro no puede ser posterior al último',
    },
  },
  BREACH_NOTICES_NOT_SAVED: {
    code: 40098,
    status: 400,
    message: {
      en: 'Read the drafted notices and save them before they are sent',
      fil: 'Basahin ang mga draft ng abiso at i-save ang mga ito bago ipadala',
      es: 'Lea los avisos redactados y guárdelos antes de enviarlos',
    },
  },
  BREACH_NPC_NOTIFIED: {
    code: 40948,
    status: 409,
    message: {
      en: 'The NPC was already notified of this breach: its notice stays as sent',
      fil: 'Naabisuhan na ang NPC tungkol sa breach na ito: mananatili ang abiso gaya ng ipinadala',
      es: 'La NPC ya fue notificada de esta brecha: su aviso queda como se envió',
    },
  },
  BREACH_BORROWERS_NOTIFIED: {
    code: 40993,
    status: 409,
    message: {
      en: 'The borrowers were already sent their notice of this breach: it stays as sent',
      fil: 'Naipadala na sa mga borrower ang abiso tungkol sa breach na ito: mananatili ito gaya ng ipinadala',
      es: 'Los prestatarios ya recibieron el aviso de esta brecha: queda como se envió',
    },
  },
  COMPLIANCE_DUTY_FILED: {
    code: 40994,
    status: 409,
    message: {
      en: 'This duty is already recorded as filed',
      fil: 'Naitala na bilang naisumite ang tungkuling ito',
      es: 'Esta obligación ya consta como presentada',
    },
  },
  // The privacy desk: corrections and erasure under maker-checker (issue 23, ADR 0088): 40090, 40091, 40938, 40939.
  PRIVACY_WRONG_REQUEST_KIND: {
    code: 40090,
    status: 400,
    message: {
      en: 'This action is not for this kind of request: a correction for a correction request, an erasure for an erasure request',
      fil: 'Hindi para sa ganitong uri ng kahilingan ang aksyong ito: pagtatama para sa kahilingang magtama, pagbura para sa kahilingang magbura',
      es: 'Esta acción no corresponde a este tipo de solicitud: una corrección para una solicitud de corrección, un borrado para una de borrado',
    },
  },
  PRIVACY_CORRECTION_NOTHING_CHANGED: {
    code: 40091,
    status: 400,
    message: {
      en: 'Nothing to correct: give at least one field with a value different from what is on file',
      fil: 'Walang itatama: magbigay ng kahit isang field na iba ang value sa nakatala',
      es: 'Nada que corregir: indique al menos un campo con un valor distinto del registrado',
    },
  },
  PRIVACY_ERASURE_LOAN_OPEN: {
    code: 40938,
    status: 409,
    message: {
      en: 'The account cannot be erased while a loan is open or still owed: refuse the request with this reason, or wait until the loan is closed',
      fil: 'Hindi mabubura ang account habang may bukas o may utang pang loan: tanggihan ang kahilingan sa dahilang ito, o hintaying maisara ang loan',
      es: 'No se puede borrar la cuenta mientras haya un préstamo abierto o adeudado: rechace la solicitud con este motivo, o espere a que se cierre',
    },
  },
  ACCOUNT_ERASED: {
    code: 40939,
    status: 409,
    message: {
      en: 'This account was deleted at your request and can no longer be used. For questions, contact Customer service',
      fil: 'Binura ang account na ito ayon sa iyong kahilingan at hindi na magagamit. Para sa mga tanong, kontakin ang Customer service',
      es: 'Esta cuenta fue eliminada a petición suya y ya no se puede usar. Si tiene preguntas, contacte a Atención al cliente',
    },
  },
  // Anti-money laundering: red-flag rules and cases (issue 23, ADR 0085): 40077, 40925-40927.
  AML_RULE_BACKDATED: {
    code: 40077,
    status: 400,
    message: {
      en: 'A new version of a rule starts today or later: cases already opened keep the version that opened them',
      fil: 'Ang bagong bersyon ng patakaran ay magsisimula ngayon o sa susunod na araw: ang mga kasong nabuksan na ay mananatili sa bersyong nagbukas sa kanila',
      es: 'Una nueva versión de una regla empieza hoy o más tarde: los casos ya abiertos conservan la versión que los abrió',
    },
  },
  AML_CASE_NOT_OPEN: {
    code: 40925,
    status: 409,
    message: {
      en: 'The finding on this case has already been made',
      fil: 'Nagawa na ang pasya sa kasong ito',
      es: 'Ya se hizo la determinación sobre este caso',
    },
  },
  AML_CASE_NOT_REPORTABLE: {
    code: 40926,
    status: 409,
    message: {
      en: 'This case has no report to draft or file: it was dismissed, filed, or its finding is not made yet',
      fil: 'Walang ulat na ihahanda o ihahain para sa kasong ito: ibinasura, naihain na, o wala pang pasya',
      es: 'Este caso no tiene informe que redactar o presentar: fue descartado, ya presentado o aún no tiene determinación',
    },
  },
  AML_REPORT_NOT_DRAFTED: {
    code: 40927,
    status: 409,
    message: {
      en: 'Draft the report from the case before recording its filing',
      fil: 'Ihanda muna ang ulat mula sa kaso bago itala ang paghahain nito',
      es: 'Redacte el informe a partir del caso antes de registrar su presentación',
    },
  },
} as const satisfies Record<string, { code: number; status: number; message: Localized }>;

export type ErrorKey = keyof typeof ERRORS;

/** The four codes after which the client clears its storage, tells the native app to log out and goes home. */
export const SESSION_END_CODES: readonly number[] = [
  ERRORS.NOT_LOGGED_IN.code,
  ERRORS.TOKEN_EXPIRED.code,
  ERRORS.LOGGED_IN_ELSEWHERE.code,
  ERRORS.TOKEN_INVALID.code,
];

export function isSessionEndCode(code: number): boolean {
  return SESSION_END_CODES.includes(code);
}

export function errorKeyOfCode(code: number): ErrorKey | undefined {
  return (Object.keys(ERRORS) as ErrorKey[]).find((key) => ERRORS[key].code === code);
}
