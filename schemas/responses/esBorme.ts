import { type JsonSchema, objectList } from '../jsonSchema.ts';
import { europeanDetailSchema, nullableDate, nullableInteger, nullableString } from './europeanDetail.ts';

/** GET /v1/eu/entreprise/ES/{hoja}/actes */
export const esActsSchema: JsonSchema = europeanDetailSchema('ES', {
  required: ['registro', 'nombre_actes', 'actes', 'photo'],
  properties: {
    registro: { ...nullableString, description: 'Registro Mercantil (province) of the sheet.' },
    nombre_actes: { type: 'integer' },
    actes: objectList(
      {
        numero_acto: { type: 'integer' },
        fecha_publicacion: nullableDate,
        documento: { type: 'string' },
        borme_numero: nullableInteger,
        denominacion: { type: 'string' },
        actos: objectList({
          tipo: { type: 'string' },
          cargos: objectList(
            { cargo: { type: 'string' }, nombre_titulaires: { type: 'integer' } },
            'A role named by the act and how many holders it names; holders are never named.',
          ),
          denominacion_nueva: nullableString,
          domicilio: nullableString,
        }),
        datos_registrales: {
          type: 'object',
          properties: {
            tomo: nullableString,
            libro: nullableString,
            folio: nullableString,
            seccion: nullableString,
            hoja: { type: 'string' },
            inscripcion: nullableString,
            fecha_inscripcion: nullableDate,
          },
        },
      },
      'One numbered act of section A, newest first.',
    ),
    photo: nullableDate,
  },
});
