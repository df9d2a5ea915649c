const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The component schemas of /api/maintenance (maintenance.openapi.ts): inputs and answers of reminders, services and fuel. */
export const maintenanceSchemas = {
  MaintenanceReminderInput: {
    type: "object",
    required: ["vehicle_ids", "name", "base_date"],
    properties: {
      vehicle_ids: { type: "array", items: { type: "string", format: "uuid" }, description: "one when updating" },
      name: { type: "string" },
      kind: { enum: ["regular", "obligatory"] },
      interval_days: { type: ["integer", "null"] },
      interval_km: { type: ["integer", "null"] },
      interval_hours: {
        type: ["integer", "null"],
        description: "engine hours; any of the three intervals, whichever comes first",
      },
      before_days: { type: "integer" },
      before_km: { type: "integer" },
      before_hours: { type: "integer" },
      repeat: { type: "boolean" },
      active: { type: "boolean" },
      base_date: { type: "string", format: "date" },
      base_odometer_km: { type: ["number", "null"], description: "blank: the vehicle's current odometer" },
      base_engine_hours: {
        type: ["number", "null"],
        description: "blank: the vehicle's current engine hours (telematics, else the last reading entered)",
      },
      responsible_user_id: { type: ["string", "null"], format: "uuid" },
      notes: { type: ["string", "null"] },
    },
  },
  MaintenanceReminder: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      vehicle_id: { type: "string", format: "uuid" },
      registration: { type: "string" },
      name: { type: "string" },
      kind: { enum: ["regular", "obligatory"] },
      status: { enum: ["ok", "due_soon", "due", "overdue", "inactive", "done"] },
      due_date: { type: ["string", "null"], format: "date" },
      due_km: { type: ["number", "null"] },
      days_left: { type: ["integer", "null"] },
      km_left: { type: ["number", "null"] },
      interval_days: { type: ["integer", "null"] },
      interval_km: { type: ["integer", "null"] },
      interval_hours: { type: ["integer", "null"] },
      before_days: { type: "integer" },
      before_km: { type: "integer" },
      before_hours: { type: "integer" },
      base_engine_hours: { type: "number" },
      due_hours: { type: ["number", "null"] },
      hours_left: { type: ["number", "null"], description: "negative: hours overdue" },
      odometer_km: { type: "number" },
      engine_hours: { type: ["number", "null"], description: "telematics, else the last reading entered" },
    },
  },
  MaintenanceCompletion: {
    type: "object",
    required: ["completed_on"],
    properties: {
      completed_on: { type: "string", format: "date" },
      odometer_km: { type: ["number", "null"] },
      engine_hours: {
        type: ["number", "null"],
        description: "the engine-hours reading; blank: the current one (a repeating reminder re-arms from it)",
      },
      cost: { type: ["number", "null"] },
      supplier_id: { type: ["string", "null"] },
      notes: { type: ["string", "null"] },
      parts: {
        type: "array",
        items: {
          type: "object",
          properties: { part_id: { type: "string", format: "uuid" }, quantity: { type: "number" } },
        },
      },
    },
  },
  MaintenanceServiceInput: {
    allOf: [
      ref("MaintenanceCompletion"),
      {
        type: "object",
        required: ["vehicle_id", "service_type"],
        properties: { vehicle_id: { type: "string", format: "uuid" }, service_type: { type: "string" } },
      },
    ],
  },
  MaintenanceServicePatch: {
    type: "object",
    description: "Any fields of MaintenanceServiceInput; none required",
    properties: {
      vehicle_id: { type: "string", format: "uuid" },
      service_type: { type: "string" },
      completed_on: { type: "string", format: "date" },
      odometer_km: { type: ["number", "null"] },
      engine_hours: { type: ["number", "null"] },
      cost: { type: ["number", "null"] },
      supplier_id: { type: ["string", "null"] },
      notes: { type: ["string", "null"] },
      parts: {
        type: "array",
        items: {
          type: "object",
          properties: { part_id: { type: "string", format: "uuid" }, quantity: { type: "number" } },
        },
      },
    },
  },
  MaintenanceService: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      vehicle_id: { type: "string", format: "uuid" },
      kind: { enum: ["service", "wash"] },
      service_type: { type: "string" },
      completed_on: { type: "string", format: "date" },
      odometer_km: { type: ["number", "null"] },
      telematics_odometer_km: { type: ["number", "null"] },
      engine_hours: { type: ["number", "null"] },
      cost: { type: "number" },
      total_cost: { type: "number" },
      parts: { type: "array" },
      attachments: { type: "array" },
    },
  },
  FuelReportInput: {
    type: "object",
    required: ["vehicle_id", "filled_on", "liters", "odometer_km"],
    properties: {
      vehicle_id: { type: "string", format: "uuid" },
      filled_on: { type: "string", format: "date" },
      liters: { type: "number" },
      price: { type: "number" },
      bill_number: { type: "string" },
      odometer_km: { type: "number" },
      engine_hours: {
        type: ["number", "null"],
        minimum: 0,
        description:
          "the engine-hours meter at the fill (hours, tenths kept); blank or null: none. Full tanks with readings give consumption_l_per_hour",
      },
      full_tank: { type: "boolean" },
      supplier_id: { type: ["string", "null"] },
      notes: { type: "string" },
      confirm_odometer: {
        type: "boolean",
        description:
          "confirms an odometer lower than an earlier fill-up of the vehicle (else ODOMETER_BELOW_PREVIOUS, 400, details previous_km and previous_date); a date after today is FUEL_DATE_IN_FUTURE",
      },
    },
  },
  FuelReportPatch: {
    type: "object",
    description: "Any fields of FuelReportInput; none required (engine_hours: null clears the reading)",
    properties: {
      vehicle_id: { type: "string", format: "uuid" },
      filled_on: { type: "string", format: "date" },
      liters: { type: "number" },
      price: { type: "number" },
      bill_number: { type: "string" },
      odometer_km: { type: "number" },
      engine_hours: { type: ["number", "null"], minimum: 0 },
      full_tank: { type: "boolean" },
      supplier_id: { type: ["string", "null"] },
      notes: { type: "string" },
      confirm_odometer: { type: "boolean" },
    },
  },
  FuelReport: {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      vehicle_id: { type: "string", format: "uuid" },
      filled_on: { type: "string", format: "date" },
      liters: { type: "number" },
      price: { type: "number" },
      odometer_km: { type: "number" },
      engine_hours: { type: ["number", "null"] },
      full_tank: { type: "boolean" },
      consumption_l_100km: { type: ["number", "null"] },
      consumption_l_per_hour: {
        type: ["number", "null"],
        description:
          "liters per engine hour since the previous full tank, when both full tanks carry an engine-hours reading (in the list)",
      },
      flags: {
        type: "array",
        items: {
          enum: ["over_tank", "consumption_far", "odometer_backwards", "engine_hours_backwards", "odometer_disagrees"],
        },
      },
    },
  },
  MaintenanceSettings: {
    type: "object",
    required: ["consumption_tolerance_pct", "odometer_tolerance_km"],
    properties: {
      consumption_tolerance_pct: {
        type: "integer",
        minimum: 5,
        maximum: 100,
        default: 30,
        description: "a full-tank consumption further than this from the estimate is flagged consumption_far",
      },
      odometer_tolerance_km: {
        type: "integer",
        minimum: 1,
        maximum: 1000,
        default: 50,
        description: "an entered odometer further than this from the telematics one is flagged odometer_disagrees",
      },
    },
  },
};
